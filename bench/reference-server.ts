/**
 * The yardstick: bare Fastify + pg doing the indexed lookup GET /work-items/{key} does (by
 * organization and key number), with a prepared statement, no auth, no framework, no bus.
 */
import Fastify from 'fastify';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
const organizationId = process.env.BENCH_ORGANIZATION_ID as string;
const app = Fastify({ logger: false });

app.get<{ Params: { ref: string } }>('/api/v1/work-items/:ref', async (request, reply) => {
  const number = Number(/^wi-(\d+)$/i.exec(request.params.ref)?.[1]);
  const { rows } = await pool.query({
    name: 'reference_by_number',
    text: 'SELECT * FROM delivery.work_items WHERE organization_id = $1 AND number = $2',
    values: [organizationId, number],
  });
  if (!rows[0]) return reply.code(404).send({ error: 'NotFound', message: 'not found' });
  return rows[0];
});

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.stdout.write('ready\n'));
