// A bare Fastify http-proxy in front of the fixed upstream: the Node floor for the same work.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(proxy, { upstream: process.env.UPSTREAM, prefix: '/', http: {} });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
