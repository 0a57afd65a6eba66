import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('memory://');
await db.exec('create table t (a int)');
const dump = await db.dumpDataDir('none');
console.log('dump bytes', dump.size);
for (let i = 0; i < 3; i++) {
  const t1 = performance.now(); const c2 = process.cpuUsage();
  const db2 = await PGlite.create('memory://', { loadDataDir: dump }); await db2.query('select * from t');
  const c3 = process.cpuUsage(c2);
  console.log('from dump', Math.round(performance.now() - t1), 'ms wall', Math.round((c3.user + c3.system) / 1000), 'ms cpu');
  const t2 = performance.now(); const c4 = process.cpuUsage();
  const db3 = await PGlite.create('memory://'); await db3.query('select 1');
  const c5 = process.cpuUsage(c4);
  console.log('fresh', Math.round(performance.now() - t2), 'ms wall', Math.round((c5.user + c5.system) / 1000), 'ms cpu');
}
