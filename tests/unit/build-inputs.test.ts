// Whether the topology is built again is told by the content of its inputs (topology/build-inputs.mjs): a data
// file of codes/ or name-lists/ changed in place, even with its old date, rebuilds; the build's own output and the
// files' dates do not. And every file a source of the registry (topology/scope-sources.ts) reads is among those
// inputs: ours by content, a package's by its installed version.
//   node --import tsx --test tests/unit/build-inputs.test.ts
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import {
  recordTopologyInputs,
  topologyInputs,
  topologyInputsHash,
  topologyUpToDate,
} from '../../topology/build-inputs.mjs';
import { BUILD_SOURCES } from '../../topology/scope-sources.ts';

/** A topology folder of its own: a module reading two packages (installed beside it), a code list, a name list
 *  and a build. */
function topology(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('make.ts', "import { feature } from 'some-atlas';\nconst f = require.resolve('other-data/x.json');\n");
  write('codes/de-ags.csv', 'id,code\nDE-BY,09\n');
  write('name-lists/names.csv', 'id,name\nDE,Germany\n');
  write('node_modules/some-atlas/package.json', JSON.stringify({ version: '1.0.0', dependencies: { dep: '*' } }));
  write('node_modules/dep/package.json', JSON.stringify({ version: '2.0.0' }));
  write('node_modules/other-data/package.json', JSON.stringify({ version: '3.0.0' }));
  write('build/catalogue.json', '{}');
  made.push(dir);
  return dir;
}
const made: string[] = [];
after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const OLD = new Date('2000-01-01T00:00:00Z');

describe('the topology build inputs', () => {
  it('are the files of the folder but its build, and the packages its modules name with what they depend on', () => {
    const { files, packages } = topologyInputs(topology());
    assert.deepEqual(
      files.filter((f) => !f.startsWith('node_modules')),
      ['codes/de-ags.csv', 'make.ts', 'name-lists/names.csv'],
    );
    assert.deepEqual(packages, ['dep@2.0.0', 'other-data@3.0.0', 'some-atlas@1.0.0']);
  });

  it('hash alike when nothing changed, whatever the dates, and the build written does not count', () => {
    const dir = topology();
    const before = topologyInputsHash(dir);
    utimesSync(path.join(dir, 'make.ts'), new Date(), new Date());
    writeFileSync(path.join(dir, 'build/world-low.json'), '{"type":"Topology"}');
    assert.equal(topologyInputsHash(dir), before);
  });

  it('see a data file of codes/ or name-lists/ changed in place, with its old date kept', () => {
    const dir = topology();
    recordTopologyInputs(dir, topologyInputsHash(dir));
    assert.equal(topologyUpToDate(dir), true);
    for (const file of ['codes/de-ags.csv', 'name-lists/names.csv']) {
      const data = path.join(dir, file);
      utimesSync(data, OLD, OLD);
      writeFileSync(data, 'id,code\nDE-BY,9\n');
      utimesSync(data, OLD, OLD);
      assert.equal(topologyUpToDate(dir), false, `${file} changed, the build is not up to date`);
      recordTopologyInputs(dir, topologyInputsHash(dir));
      assert.equal(topologyUpToDate(dir), true);
    }
  });

  it('see a new data file, another version of a package read or of one it depends on, and a build not complete', () => {
    const dir = topology();
    const record = () => recordTopologyInputs(dir, topologyInputsHash(dir));
    record();
    writeFileSync(path.join(dir, 'codes/fr-insee.csv'), 'id,code\nFR-75C,75\n');
    assert.equal(topologyUpToDate(dir), false, 'a new code list');
    record();
    writeFileSync(path.join(dir, 'node_modules/dep/package.json'), JSON.stringify({ version: '2.0.1' }));
    assert.equal(topologyUpToDate(dir), false, 'a dependency of a package read, updated');
    record();
    rmSync(path.join(dir, 'build/catalogue.json'));
    assert.equal(topologyUpToDate(dir), false, 'no catalogue: the build stopped half-way');
  });

  it("cover every file the registry's sources read", () => {
    const topologyDir = fileURLToPath(new URL('../../topology/', import.meta.url));
    const { files, packages } = topologyInputs(topologyDir);
    const names = new Set(packages.map((p) => p.slice(0, p.lastIndexOf('@'))));
    for (const source of BUILD_SOURCES) {
      assert.ok(source.reads.length > 0, `${source.makes}: reads nothing`);
      for (const file of source.reads) {
        const ours = path.relative(topologyDir, file);
        const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
        if (inPackage) assert.ok(names.has(inPackage), `${file}: package ${inPackage} is not among the inputs`);
        else
          assert.ok(
            files.some((f) => f === ours || f.startsWith(`${ours}/`)),
            `${file} is not among the inputs`,
          );
      }
    }
  });
});
