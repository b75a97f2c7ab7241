// Starts the service. Configuration: server/config.ts.
import { readConfig } from './config.ts';
import { startService } from './service.ts';

const config = readConfig();
const service = await startService(config);
console.log(`map service listening on ${service.url} (${config.poolSize} render pages)`);
console.log(`try ${service.url}/map.svg?scope=world&data=US:200,CN:150,IN:80,BR:60&legendTitle=Sample`);

async function shutdown(signal: string): Promise<void> {
  console.log(`${signal}: finishing requests in flight, then stopping`);
  await service.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
