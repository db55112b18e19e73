import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/perf30_prof' }, { poolSize: 4 });
const db = handle.db;
let t = performance.now();
const r2 = await db.execute(sql`select memory_id, array_send(vector) as v from memory_embeddings where tenant_id='default' and user_id='scale-big'`);
console.log('array_send select', (performance.now()-t).toFixed(0), typeof (r2 as any).rows[0].v, (r2 as any).rows[0].v.length);
t = performance.now();
let n=0; const out = new Float32Array(512);
for (const r of (r2 as any).rows) { const b: Buffer = r.v; const dv = new DataView(b.buffer, b.byteOffset, b.byteLength); const len = dv.getInt32(12); for (let i=0;i<len;i++) out[i]=dv.getFloat32(20+8*i+4); n+=len; }
console.log('parse', (performance.now()-t).toFixed(0), n);
await handle.close(); process.exit(0);
