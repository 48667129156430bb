// The Streamable HTTP transport: the SDK's HTTP client, progress over SSE, and the
// transport's own rules (405 for GET, sessions, Origin and Host checks against DNS rebinding,
// bearer tokens, loopback only, the connection limit).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CLI, startHttp } from './common.mjs';

let server;
before(async () => {
  server = await startHttp(['--token', 'secret']);
});
after(() => server?.child.kill());

const auth = { Authorization: 'Bearer secret' };
const post = (body, headers = {}) =>
  fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...auth, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const init = { jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

test('the SDK client over Streamable HTTP: tools, a run with progress over SSE', async () => {
  const client = new Client({ name: 'drivelab-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: auth } }));
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === 'run_lab'));
  const progress = [];
  const r = await client.callTool({ name: 'run_lab', arguments: { lab: 'drivelab://examples/clutch-engagement' } }, undefined,
    { onprogress: (p) => progress.push(p) });
  assert.equal(r.isError, false);
  assert.match(r.structuredContent.final_state_hash, /^[0-9a-f]{16}$/);
  assert.ok(progress.length >= 1);
  const res = await client.readResource({ uri: r.structuredContent.report_uri });
  assert.match(res.contents[0].text, /"format": "drivelab.report"/);
  await client.close();
});

test('initialize answers the version asked for when known, else 2025-06-18; a session id is given', async () => {
  let r = await post(init);
  assert.equal(r.status, 200);
  assert.ok(r.headers.get('mcp-session-id'));
  assert.equal((await r.json()).result.protocolVersion, '2025-06-18');
  r = await post({ ...init, params: { ...init.params, protocolVersion: '2024-11-05' } });
  assert.equal((await r.json()).result.protocolVersion, '2024-11-05');
  r = await post({ ...init, params: { ...init.params, protocolVersion: '1999-01-01' } });
  assert.equal((await r.json()).result.protocolVersion, '2025-06-18');
});

test('transport rules: GET 405, sessions, parse errors, Origin, Host, token', async () => {
  const get = await fetch(server.url, { headers: { Accept: 'text/event-stream', ...auth } });
  assert.equal(get.status, 405);
  const sid = (await post(init)).headers.get('mcp-session-id');
  const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
  assert.equal((await post(ping)).status, 400); // no session
  assert.equal((await post(ping, { 'Mcp-Session-Id': 'nope' })).status, 404);
  const ok = await post(ping, { 'Mcp-Session-Id': sid });
  assert.equal(ok.status, 200);
  assert.deepEqual((await ok.json()).result, {});
  const bad = await post('{oops', { 'Mcp-Session-Id': sid });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.code, -32700);
  const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'Mcp-Session-Id': sid });
  assert.equal(note.status, 202);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Origin: 'https://evil.example' })).status, 403);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Origin: 'http://localhost:3000' })).status, 200);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid, Authorization: 'Bearer wrong' })).status, 401);
  const del = await fetch(server.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': sid, ...auth } });
  assert.equal(del.status, 200);
  assert.equal((await post(ping, { 'Mcp-Session-Id': sid })).status, 404);
  // a Host that is not a loopback name (DNS rebinding) is refused
  const { request } = await import('node:http');
  const status = await new Promise((resolve) => {
    const u = new URL(server.url);
    const req = request({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST',
      headers: { Host: 'attacker.example', 'Content-Type': 'application/json', ...auth } }, (res) => resolve(res.statusCode));
    req.end(JSON.stringify(init));
  });
  assert.equal(status, 403);
});

test('loopback only unless --allow-remote with a token', () => {
  let r = spawnSync(CLI, ['mcp', '--http', '0.0.0.0:0'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /loopback/);
  r = spawnSync(CLI, ['mcp', '--http', '0.0.0.0:0', '--allow-remote'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--token/);
});

// send exactly `text` on a new connection to `url`'s host and port; resolves with the status
// and the whole answer (the server closes after one message)
function raw(url, text) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (d) => { answer += d; });
    socket.on('end', () => resolve({ status: Number(answer.split(' ')[1]), answer }));
    socket.on('error', reject);
  });
}
const rawPost = (url, headers, message) => {
  const body = JSON.stringify(message);
  return raw(url, ['POST /mcp HTTP/1.1', ...headers, 'Content-Type: application/json', 'Accept: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n') + '\r\n\r\n' + body);
};

test('DNS rebinding: names that only look like loopback are refused in Origin and Host (issue 33)', async () => {
  const port = new URL(server.url).port;
  const sid = (await post(init)).headers.get('mcp-session-id');
  const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };
  const send = (...headers) => rawPost(server.url, [...headers, `Mcp-Session-Id: ${sid}`, ...Object.entries(auth).map(([k, v]) => `${k}: ${v}`)], ping);
  const host = `Host: 127.0.0.1:${port}`;
  for (const h of [host, `Host: localhost:${port}`, `Host: LOCALHOST:${port}`, `Host: [::1]:${port}`, `Host: 127.8.9.10:${port}`])
    assert.equal((await send(h)).status, 200, h);
  for (const o of ['http://localhost:3000', 'https://127.0.0.1', `http://[::1]:${port}`])
    assert.equal((await send(host, `Origin: ${o}`)).status, 200, o);
  for (const o of ['http://127.0.0.1.rebind.example', 'http://127.attacker.example', `http://127.0.0.1.rebind.example:${port}`,
    'http://localhost.evil.com', 'http://localhost.', 'http://127.0.0.1.', 'http://evil@127.0.0.1', 'http://127.0.0.1@evil.example',
    'http://127.1', 'http://0x7f.0.0.1', 'http://[::ffff:127.0.0.1]', 'null', 'file://localhost', '']) {
    const r = await send(host, `Origin: ${o}`);
    assert.equal(r.status, 403, o);
    assert.match(r.answer, /Forbidden: Origin '.*' is not allowed/);
  }
  for (const h of [`127.0.0.1.rebind.example:${port}`, '127.attacker.example', `localhost.:${port}`, `127.0.0.1.:${port}`,
    `127.1:${port}`, `0x7f.0.0.1:${port}`, `[::ffff:127.0.0.1]:${port}`, `evil@127.0.0.1:${port}`, `localhost.evil.com:${port}`, '']) {
    const r = await send(`Host: ${h}`);
    assert.equal(r.status, 403, h);
    assert.match(r.answer, /Forbidden: Host '.*' is not allowed/);
  }
  // two Hosts or two Origins: which one counts is unknowable
  assert.equal((await send(host, 'Host: evil.example')).status, 400);
  assert.equal((await send('Host: evil.example', host)).status, 400);
  assert.equal((await send(host, 'Origin: http://localhost', 'Origin: http://evil.example')).status, 400);
});

test('with --allow-remote the names are still checked on a bound address, not on a wildcard one (issue 33)', async () => {
  const bound = await startHttp(['--allow-remote', '--token', 't']);
  const wildcard = await startHttp(['--allow-remote', '--token', 't'], '0.0.0.0:0');
  try {
    const send = (s, h) => rawPost(s.url, [h, 'Authorization: Bearer t'], init);
    assert.equal((await send(bound, `Host: 127.0.0.1:${new URL(bound.url).port}`)).status, 200);
    assert.equal((await send(bound, 'Host: 127.0.0.1.rebind.example')).status, 403);
    assert.equal((await send(wildcard, 'Host: workstation.example')).status, 200);
    assert.equal((await send(wildcard, 'Origin: http://workstation.example')).status, 200);
  } finally {
    bound.child.kill();
    wildcard.child.kill();
  }
});

test('past --max-connections the answer is 503 with Retry-After, and the option sets the limit (issue 33)', async () => {
  // connections held open without a request: each keeps one of the server's threads waiting
  const hold = (url) => new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
  const initialize = (url, headers = {}) => fetch(url, { method: 'POST', body: JSON.stringify(init),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers } });
  const two = await startHttp(['--max-connections', '2']);
  const three = await startHttp(['--max-connections', '3']);
  const held = [];
  try {
    for (const s of [two, three, server]) held.push(await hold(s.url), await hold(s.url));
    // two held: the limit of 2 is reached; 3 and the default (64) take one more
    const busy = await initialize(two.url);
    assert.equal(busy.status, 503);
    assert.equal(busy.headers.get('retry-after'), '1');
    assert.match((await busy.json()).error.message, /2 connections are open, the most --max-connections allows; retry after 1 s/);
    assert.equal((await initialize(three.url)).status, 200);
    assert.equal((await initialize(server.url, auth)).status, 200);
    // once the held connections close, the server takes requests again (their threads end on
    // the close; a client that honours Retry-After gets in)
    for (const socket of held) socket.destroy();
    let status = 503;
    for (let attempt = 0; attempt < 100 && status === 503; ++attempt) {
      status = (await initialize(two.url)).status;
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(status, 200);
  } finally {
    for (const socket of held) socket.destroy();
    two.child.kill();
    three.child.kill();
  }
});

test('--max-connections refuses values that are not a whole number 1..512', () => {
  for (const bad of ['0', '513', '-3', 'many', '2.5']) {
    const r = spawnSync(CLI, ['mcp', '--http', '127.0.0.1:0', '--max-connections', bad], { encoding: 'utf8' });
    assert.equal(r.status, 2, bad);
    assert.match(r.stderr, /--max-connections: '.*' is out of range/);
  }
});
