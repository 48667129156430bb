// The MCP server over stdio, driven by the official TypeScript SDK client: the tools, every
// example run compared with `drivelab-cli run` bit for bit, cancellation and rollback, and
// bad input of every kind (the server answers and lives on).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CLI, LABS, SOURCE, cliJson, cliRun, exampleNames, readLab, stdioClient, tempDir } from './common.mjs';

const TOOLS = ['list_examples', 'get_example', 'list_component_types', 'check_lab', 'causality', 'run_lab', 'export_asset',
  'verify_asset', 'edit_lab'];
let client, transport, root, work;

before(async () => {
  root = tempDir('root');
  work = tempDir('work');
  ({ client, transport } = await stdioClient(['--root', root]));
});
after(async () => {
  await client?.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const call = (name, args, options) => client.callTool({ name, arguments: args }, undefined, options);
const errorText = (r) => r.content.map((c) => c.text ?? '').join('\n');

test('initialize negotiates the protocol version and names the server', () => {
  assert.equal(client.getServerVersion().name, 'drivelab');
  const caps = client.getServerCapabilities();
  for (const c of ['tools', 'resources', 'prompts', 'logging']) assert.ok(caps[c], c);
});

test('tools/list: every tool with an input and an output schema', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), TOOLS);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema.type, 'object', t.name);
    assert.ok(t.description.length > 20, t.name);
  }
});

test('list_examples and get_example serve every lab in labs/', async () => {
  const r = await call('list_examples', {});
  assert.deepEqual(r.structuredContent.examples.map((e) => e.name), exampleNames());
  for (const name of exampleNames()) {
    const g = await call('get_example', { name });
    assert.deepEqual(g.structuredContent.lab, JSON.parse(readLab(name)));
    const res = await client.readResource({ uri: `drivelab://examples/${name}` });
    assert.equal(res.contents[0].text, readLab(name));
  }
  const missing = await call('get_example', { name: 'no-such-lab' });
  assert.equal(missing.isError, true);
});

test('list_component_types: every registered type with ports, parameters, inputs, observables', async () => {
  const r = await call('list_component_types', {});
  const types = r.structuredContent.component_types;
  assert.ok(types.length >= 20);
  for (const t of types) {
    for (const k of ['type', 'bond_graph', 'ports', 'parameters', 'inputs', 'observables']) assert.ok(k in t, `${t.type}.${k}`);
  }
  const damper = types.find((t) => t.type === 'damper');
  assert.equal(damper.parameters.find((p) => p.name === 'damping').unit, 'N m s/rad');
  assert.equal(r.structuredContent.node_domains.length, 4);
});

test('run_lab: every example gives the fingerprint, final hash and every report boundary of `drivelab-cli run`', async () => {
  for (const name of exampleNames()) {
    const labPath = path.join(LABS, `${name}.lab.json`);
    const expected = cliRun(labPath, work);
    const report = JSON.parse(expected);
    const r = await call('run_lab', { lab: `drivelab://examples/${name}` }, { timeout: 300000 });
    assert.equal(r.isError, false, errorText(r));
    const s = r.structuredContent;
    assert.equal(s.fingerprint, report.model_fingerprint, name);
    assert.equal(s.final_state_hash, report.final_state_hash, name);
    assert.equal(s.ticks, report.ticks, name);
    assert.equal(s.boundaries, report.boundaries.length, name);
    assert.deepEqual(s.energy, report.energy, name);
    const last = report.boundaries.at(-1);
    assert.deepEqual(s.final_values.nodes, last.nodes, name);
    assert.deepEqual(s.final_values.components, last.components, name);
    // the report resource is the very file `run --output` writes: every boundary, byte for byte
    const res = await client.readResource({ uri: s.report_uri });
    assert.equal(res.contents[0].text, expected, name);
  }
});

test('run_lab takes the lab inline (object or text) and as a path under --root, with the same results', async () => {
  const name = 'clutch-engagement';
  const text = readLab(name);
  fs.writeFileSync(path.join(root, 'lab.json'), text);
  const runs = [
    await call('run_lab', { lab: JSON.parse(text) }),
    await call('run_lab', { lab: text }),
    await call('run_lab', { lab: 'lab.json', options: { output: 'report.json' } }),
  ];
  const expected = cliRun(path.join(LABS, `${name}.lab.json`), work);
  for (const r of runs) assert.equal(r.structuredContent.final_state_hash, JSON.parse(expected).final_state_hash);
  assert.equal(fs.readFileSync(path.join(root, 'report.json'), 'utf8'), expected);
});

test('check_lab and causality answer exactly as `check --json` and `causality --json`', async () => {
  const bad = JSON.parse(readLab('two-speed-shift'));
  bad.nodes[0].inertia = -1;
  bad.components.push({ id: 'x', type: 'no_such_type' });
  const file = path.join(work, 'bad.lab.json');
  fs.writeFileSync(file, JSON.stringify(bad, null, 2));
  for (const lab of [file, path.join(LABS, 'hydraulic-lockup.lab.json')]) {
    const text = fs.readFileSync(lab, 'utf8');
    const c = await call('check_lab', { lab: text });
    assert.equal(c.isError, false);
    assert.deepEqual(c.structuredContent, cliJson('check', lab));
    const k = await call('causality', { lab: text });
    assert.deepEqual(k.structuredContent, cliJson('causality', lab));
  }
  const c = await call('check_lab', { lab: fs.readFileSync(file, 'utf8') });
  assert.match(errorText(c), /^lab: \S+: \S+: /m);
});

test('export_asset and verify_asset: the asset `export` writes, verified bit for bit', async () => {
  const name = 'mechanical-converter';
  const e = await call('export_asset', { lab: `drivelab://examples/${name}`, output: 'mc.asset.json' });
  assert.equal(e.isError, false, errorText(e));
  const cliAsset = path.join(work, 'mc.asset.json');
  execFileSync(CLI, ['export', path.join(LABS, `${name}.lab.json`), '--output', cliAsset, '--quiet']);
  const text = (await client.readResource({ uri: e.structuredContent.asset_uri })).contents[0].text;
  assert.equal(text, fs.readFileSync(cliAsset, 'utf8'));
  assert.equal(fs.readFileSync(path.join(root, 'mc.asset.json'), 'utf8'), text);
  for (const asset of [e.structuredContent.asset_uri, 'mc.asset.json', text]) {
    const v = await call('verify_asset', { asset });
    assert.equal(v.isError, false, errorText(v));
    assert.equal(v.structuredContent.verified, true);
  }
  const tampered = text.replace(/"final_state_hash": "[0-9a-f]+"/, '"final_state_hash": "0000000000000000"');
  const v = await call('verify_asset', { asset: tampered });
  assert.equal(v.isError, true);
  // an asset runs like its lab
  const r = await call('run_lab', { lab: e.structuredContent.asset_uri });
  assert.equal(r.structuredContent.final_state_hash, e.structuredContent.final_state_hash);
});

test('edit_lab builds a lab step by step that then runs', async () => {
  let r = await call('edit_lab', {
    operations: [
      { op: 'set', id: 'lab', field: 'name', value: 'built by an agent' },
      { op: 'set', id: 'run', field: 'duration_ns', value: 100000000 },
      { op: 'add_node', domain: 'rotational', id: 'shaft', fields: { inertia: 0.5 } },
      { op: 'add_component', type: 'torque_step', id: 'drive', ports: { node_a: 'shaft' } },
    ],
  });
  assert.equal(r.isError, false, errorText(r));
  r = await call('edit_lab', {
    lab: r.structuredContent.lab,
    operations: [
      { op: 'add_component', type: 'damper', id: 'loss' },
      { op: 'connect', component: 'loss', port: 'node_a', node: 'shaft' },
      { op: 'set', id: 'drive', field: 'step_torque', value: 10 },
      { op: 'set', id: 'loss', field: 'damping', value: 0.2 },
    ],
  });
  assert.equal(r.isError, false, errorText(r));
  assert.equal(r.structuredContent.valid, true, JSON.stringify(r.structuredContent.diagnostics));
  const run = await call('run_lab', { lab: r.structuredContent.lab });
  assert.equal(run.isError, false, errorText(run));
  assert.ok(run.structuredContent.final_values.nodes.shaft.speed > 0);
  // a bad operation changes nothing and names itself
  const bad = await call('edit_lab', { lab: r.structuredContent.lab, operations: [{ op: 'remove', id: 'nothing' }] });
  assert.equal(bad.isError, true);
  assert.match(errorText(bad), /operations\[0\]\.id/);
});

test('notifications/cancelled stops a long run mid-batch; it rolls back and the next run is identical', async () => {
  const name = 'converter-launch';
  const first = await call('run_lab', { lab: `drivelab://examples/${name}` });
  const long = JSON.parse(readLab(name));
  long.run.duration_ns *= 100; // minutes of work
  // the newest report's number (the server keeps the newest 16 reports: count by number, not by length)
  const newestReport = async () => Math.max(0, ...(await client.listResources()).resources
    .map((r) => /^drivelab:\/\/reports\/(\d+)$/.exec(r.uri)).filter(Boolean).map((m) => Number(m[1])));
  const before = await newestReport();
  const logs = [];
  await client.setLoggingLevel('notice');
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params.data));
  const controller = new AbortController();
  let progress = 0;
  const started = Date.now();
  const cancelled = call('run_lab', { lab: long }, {
    signal: controller.signal,
    timeout: 600000,
    onprogress: (p) => {
      progress += 1;
      assert.ok(p.progress <= p.total);
      if (progress === 2) controller.abort('enough');
    },
  });
  await assert.rejects(cancelled);
  assert.ok(progress >= 2);
  // the worker is free at once: the same run again is answered quickly and identically
  await client.ping();
  const again = await call('run_lab', { lab: `drivelab://examples/${name}` });
  assert.ok(Date.now() - started < 60000);
  assert.equal(again.structuredContent.final_state_hash, first.structuredContent.final_state_hash);
  assert.deepEqual(again.structuredContent.final_values, first.structuredContent.final_values);
  // the cancelled run stopped mid-batch, rolled back and left no report
  assert.equal(await newestReport(), before + 1);
  assert.ok(logs.some((l) => /stopped at tick \d+ of 10000000 \(cancelled\); the batch in progress rolled back/.test(l)),
    JSON.stringify(logs));
});

test('bad arguments: JSON-RPC -32602, tool errors with FILE: ID: FIELD lines, and the server lives on', async () => {
  await assert.rejects(call('run_lab', { lab: 42 }), (e) => e.code === -32602 && /arguments\.lab/.test(e.message));
  await assert.rejects(call('run_lab', {}), (e) => e.code === -32602);
  await assert.rejects(call('run_lab', { lab: 'x', options: { allow_unbalanced: 'yes' } }), (e) => e.code === -32602);
  await assert.rejects(call('no_such_tool', {}), (e) => e.code === -32602);
  const broken = await call('run_lab', { lab: '{"format": "drivelab.lab", "version": 1, "nodes": [' });
  assert.equal(broken.isError, true);
  assert.match(errorText(broken), /^lab: -: /m);
  // a huge lab is refused before it is read
  const huge = JSON.parse(readLab('converter-launch'));
  huge.description = 'x'.repeat(5 * 1024 * 1024);
  const h = await call('check_lab', { lab: huge });
  assert.equal(h.isError, true);
  assert.match(errorText(h), /--max-lab-bytes/);
  // too many ticks for this server
  const long = JSON.parse(readLab('converter-launch'));
  long.run.duration_ns *= 10000;
  const t = await call('run_lab', { lab: long });
  assert.equal(t.isError, true);
  assert.match(errorText(t), /run\.duration_ns: .*--max-ticks/);
  // too many report boundaries to keep
  const dense = JSON.parse(readLab('converter-launch'));
  dense.run.report_every_ticks = 1;
  const b = await call('run_lab', { lab: dense });
  assert.equal(b.isError, true);
  assert.match(errorText(b), /run\.report_every_ticks: .*--max-boundaries/);
  await client.ping();
});

test('no path escapes --root: .., absolute paths, symbolic links', async () => {
  fs.symlinkSync('/etc', path.join(root, 'etc-link'));
  fs.symlinkSync('/etc/hostname', path.join(root, 'file-link'));
  for (const lab of ['../x.lab.json', 'a/../../x.lab.json', '/etc/passwd', 'etc-link/passwd', 'file-link']) {
    const r = await call('check_lab', { lab });
    assert.equal(r.isError, true, lab);
    assert.match(errorText(r), /root|'\.\.'/, lab);
  }
  for (const output of ['../out.json', '/tmp/out.json', 'etc-link/out.json', 'file-link']) {
    const r = await call('run_lab', { lab: 'drivelab://examples/clutch-engagement', options: { output } });
    assert.equal(r.isError, true, output);
  }
  await client.ping();
});

test('no tool writes over a file it read: the lab, a csv trace (issue 33)', async () => {
  const fixtures = path.join(SOURCE, 'tests/fixtures/sweeps');
  const dir = path.join(root, 'own');
  fs.mkdirSync(dir);
  for (const f of ['csv-apply.lab.json', 'apply.csv']) fs.copyFileSync(path.join(fixtures, f), path.join(dir, f));
  fs.linkSync(path.join(dir, 'apply.csv'), path.join(dir, 'trace-link')); // a hard link: the same inode
  const before = (f) => fs.readFileSync(path.join(fixtures, f), 'utf8');
  const cases = [
    ['run_lab', { lab: 'own/csv-apply.lab.json', options: { output: 'own/csv-apply.lab.json' } }, 'options.output', 'csv-apply.lab.json'],
    ['run_lab', { lab: 'own/csv-apply.lab.json', options: { output: 'own/apply.csv' } }, 'options.output', 'apply.csv'],
    ['run_lab', { lab: 'own/csv-apply.lab.json', options: { output: 'own/trace-link' } }, 'options.output', 'apply.csv'],
    ['export_asset', { lab: 'own/csv-apply.lab.json', output: 'own/apply.csv' }, 'output', 'apply.csv'],
    ['export_asset', { lab: 'own/csv-apply.lab.json', output: './own/csv-apply.lab.json' }, 'output', 'csv-apply.lab.json'],
  ];
  for (const [tool, args, field, read] of cases) {
    const r = await call(tool, args);
    assert.equal(r.isError, true, JSON.stringify(args));
    assert.match(errorText(r), new RegExp(`: -: ${field.replace('.', '\\.')}: is the input file \\S*${read.replace('.', '\\.')} `), JSON.stringify(args));
    for (const f of ['csv-apply.lab.json', 'apply.csv']) assert.equal(fs.readFileSync(path.join(dir, f), 'utf8'), before(f), f);
  }
  // an output that is no input is still written
  const ok = await call('run_lab', { lab: 'own/csv-apply.lab.json', options: { output: 'own/report.json' } });
  assert.equal(ok.isError, false, errorText(ok));
  assert.ok(fs.existsSync(path.join(dir, 'report.json')));
});

test('--max-seconds stops a run that takes too long, rolled back, with a clear error', async () => {
  const { client: c } = await stdioClient(['--max-seconds', '0.2']);
  const long = JSON.parse(readLab('converter-launch'));
  long.run.duration_ns *= 100;
  const r = await c.callTool({ name: 'run_lab', arguments: { lab: long } });
  assert.equal(r.isError, true);
  assert.match(r.content[0].text, /^lab: -: -: the run took longer than this server's limit of 0.2 s \(--max-seconds\)/);
  await c.ping();
  await c.close();
});

test('without --root no file is read', async () => {
  const { client: c } = await stdioClient([]);
  const r = await c.callTool({ name: 'check_lab', arguments: { lab: path.join(LABS, 'converter-launch.lab.json') } });
  assert.equal(r.isError, true);
  assert.match(r.content[0].text, /file access is off/);
  await c.close();
});

test('prompts and resources', async () => {
  const { prompts } = await client.listPrompts();
  assert.deepEqual(prompts.map((p) => p.name), ['explain_lab', 'why_does_lab_not_run']);
  const p = await client.getPrompt({ name: 'explain_lab', arguments: { lab: 'converter-launch' } });
  assert.equal(p.messages[1].content.resource.text, readLab('converter-launch'));
  const w = await client.getPrompt({ name: 'why_does_lab_not_run', arguments: { lab: '{"format": "drivelab.lab"}' } });
  assert.match(w.messages[0].content.text, /version/);
  await assert.rejects(client.getPrompt({ name: 'nope', arguments: {} }), (e) => e.code === -32602);
  await assert.rejects(client.readResource({ uri: 'drivelab://reports/999999' }), (e) => e.code === -32002);
  await client.setLoggingLevel('debug');
});

// raw lines, without the SDK: framing errors get JSON-RPC errors and the server goes on
test('raw framing: parse errors, invalid requests, unknown methods, deep nesting', async () => {
  const child = spawn(CLI, ['mcp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let buffer = '';
  child.stdout.on('data', (d) => {
    buffer += d;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, at)));
      buffer = buffer.slice(at + 1);
    }
  });
  const send = (s) => child.stdin.write(s + '\n');
  send('this is not json');
  send('{"jsonrpc": "2.0", "id": 1}');
  send('{"jsonrpc": "1.0", "id": 2, "method": "ping"}');
  send('[{"jsonrpc": "2.0", "id": 3, "method": "ping"}]');
  send('{"jsonrpc": "2.0", "id": 4, "method": "no/such/method"}');
  send('{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "check_lab", "arguments": {"lab": true}}}');
  send('['.repeat(100000));
  send('{"jsonrpc": "2.0", "id": 6, "method": "logging/setLevel", "params": {"level": "loud"}}');
  send('{"jsonrpc": "2.0", "method": "notifications/initialized"}');
  send('{"jsonrpc": "2.0", "id": 7, "method": "ping"}');
  child.stdin.end();
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  const codes = lines.map((l) => l.error?.code ?? 'ok');
  assert.deepEqual(codes, [-32700, -32600, -32600, -32600, -32601, -32602, -32700, -32602, 'ok']);
  assert.equal(lines.at(-1).id, 7);
});
