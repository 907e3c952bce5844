import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { waitForHttp } from '../../../scripts/lib/shop.mjs';

export const NGINX = '/usr/sbin/nginx';

/** The system's nginx in front of `ports` (round robin), from the private folder `dir`. */
export async function startNginx(dir: string, ports: number[]): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
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
      proxy_set_header Host $host;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}/api`;
  await waitForHttp(`${base}/ready`, { child });
  return { base, stop: () => child.kill('SIGTERM') };
}
