/** npm run seed: loads the demo data set into an empty database (refuses to touch one with data). */
import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { isDatabaseEmpty, seedDemoData } from './demo';
import { seedShowcaseContracts } from '../areas/sign/demo-contracts';
import { systemClock } from '../clock';

const config = readConfig();
const database = await openDatabase(config);
if (await isDatabaseEmpty(database.db)) {
  await seedDemoData(database.db, { now: systemClock.now() });
  if (config.demoContracts) await seedShowcaseContracts(database.db, systemClock);
  console.log('demo data loaded');
} else {
  console.log('the database already has data; nothing loaded (remove DATA_DIR or use an empty database)');
}
await database.close();
