// The system's nginx from a private folder: the load balancer and the CDN stand-in of the tests and the bench.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { waitForHttp } from './shop.mjs';

export const NGINX = '/usr/sbin/nginx';

// What docs/deploy.md#a-cache-in-front configures: nothing but the shop's own headers decides what is kept.
const CACHE = `
      proxy_cache shop;
      proxy_cache_lock on;
      proxy_cache_revalidate on;
      proxy_cache_background_update on;
      # Not "updating": it would serve a stale copy for as long as refreshes fail to be kept, past the
      # stale-while-revalidate the shop sends.
      proxy_cache_use_stale error timeout;
      add_header X-Cache $upstream_cache_status always;`;

/**
 * nginx in front of the shop processes on `ports` (round robin), from the private folder `dir`.
 * `cache`: a shared cache as a CDN keeps one, saying HIT or MISS in X-Cache. `files`: a second server answering the
 * files under that folder (text/html when the name says nothing), at `filesBase`.
 * @param {{ dir: string, ports: number[], cache?: boolean, files?: string, waitPath?: string }} options
 * @returns {Promise<{ base: string, filesBase: string | undefined, stop: () => void }>}
 */
export async function startNginx({ dir, ports, cache = false, files, waitPath = '/api/ready' }) {
  const port = await freePort();
  const filesPort = files ? await freePort() : undefined;
  // As root, nginx's workers would drop to "nobody", who cannot write this private folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${user}
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${cache ? `proxy_cache_path ${dir}/cache keys_zone=shop:10m max_size=256m inactive=10m;` : ''}
  upstream parts_shop {
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://parts_shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;${cache ? CACHE : ''}
    }
  }
${
  files
    ? `  server {
    listen 127.0.0.1:${filesPort};
    root ${files};
    default_type text/html;
  }`
    : ''
}
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${waitPath}`, { child });
  return {
    base,
    filesBase: filesPort ? `http://127.0.0.1:${filesPort}` : undefined,
    stop: () => child.kill('SIGTERM'),
  };
}
