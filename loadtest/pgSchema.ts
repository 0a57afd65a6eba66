/**
 * A PostgreSQL schema of a benchmark's own (named after this process, so two runs never meet),
 * the URL that puts a server's tables there, and the drop that removes it afterwards.
 */
import pg from 'pg';

export interface BenchSchema { url: string; drop(): Promise<void> }

export async function freshSchema(url: string, prefix: string): Promise<BenchSchema> {
  const schema = `${prefix}_${process.pid}`;
  const admin = async (sql: string) => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try { await db.query(sql); } finally { await db.end(); }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return { url: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}
