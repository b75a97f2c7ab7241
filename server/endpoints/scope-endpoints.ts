// GET /scopes and GET /scopes/{scope}: what can be drawn, and the ids each scope accepts.
import Router from '@koa/router';
import type { AppDeps } from '../app-deps.ts';
import type { ScopeCatalogue } from '../../topology/catalogue.ts';
import { LEVELS } from '../../shared/lists.ts';
import { unknownScope } from '../request/scope.ts';

function summary(scope: ScopeCatalogue) {
  return {
    id: scope.id,
    kind: scope.kind,
    name: scope.name,
    regionKind: scope.regionKind,
    levels: LEVELS,
    defaultLevel: scope.defaultLevel,
    defaultProjection: scope.defaultProjection,
    attribution: scope.sources,
    regionCount: scope.regions.length,
    boundaries: scope.boundaries,
    ownIds: scope.ownIds,
    ...(scope.members ? { members: scope.members } : {}),
    ...(scope.extent ? { extent: scope.extent } : {}),
    ...(scope.worldviews ? { worldviews: scope.worldviews } : {}),
    divisions: scope.divisions.map((d) => ({
      id: d.id,
      regionKind: d.regionKind,
      attribution: d.sources,
      regionCount: d.regions.length,
      boundaries: d.boundaries,
    })),
  };
}

export function scopeRoutes({ catalogue }: AppDeps): Router {
  const router = new Router();
  router.get('/scopes', (ctx) => {
    ctx.body = { scopes: catalogue.scopes.map(summary) };
  });
  router.get('/scopes/:scope', (ctx) => {
    const scope = catalogue.scope(ctx.params.scope);
    if (!scope) throw unknownScope(ctx.params.scope, catalogue);
    const described = summary(scope);
    const divisions = described.divisions.map((d, i) => ({ ...d, regions: scope.divisions[i]!.regions }));
    ctx.body = { ...described, regions: scope.regions, divisions };
  });
  return router;
}
