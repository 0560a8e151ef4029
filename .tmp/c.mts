import { loadConfig } from '/work/wt/h39-auth/src/config.ts';
for (const v of ['[::1]', '[::1]:53', '127.0.0.1:0']) { try { console.log(v, loadConfig({ NODE_ENV: 'test', DOCEX_DNS_SERVERS: v }).inbound.dnsServers); } catch (e) { console.log(v, (e as Error).message); } }
