// The README's first ten minutes, as a newcomer lives them, on this checkout:
//   1. removes Tablecast's own artifacts from the local Maven repository (a newcomer has none);
//   2. runs the README's run command (`./tablecast dev`) exactly as written, in a process group of
//      its own with every signal at its default, as a terminal's foreground job;
//   3. waits for both APIs, then runs every curl line of the README's "Try it" section verbatim
//      with bash, in order, and checks each answer: a command answers 2xx, or the status (and
//      problem type) the README shows in the comment below it; a read answers 200 with something
//      in it within READ_MS (the views follow the commands asynchronously);
//   4. sends Ctrl-C to the whole group, as a terminal does, and fails unless dev mode exits with 0
//      within STOP_MS, says it stopped cleanly, printed no stack trace, and left no process running
//      and no port taken.
// Prints the time of each step. Usage (a fresh clone, ports 8081-8083, 9092-9093, 10000-10002 free):
//   node .ci/newcomer-smoke.mjs
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START_MS = 240_000; // a cold start with the build, on a busy machine
const READ_MS = 30_000;
const STOP_MS = 15_000;
const PORTS = [8081, 8082, 8083, 9092, 9093, 10000, 10001, 10002];

const t0 = Date.now();
const say = (message) => console.log(`[newcomer] ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${message}`);
const fail = (message) => {
  console.error(`[newcomer] FAILED: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The README's run command: the first sh block whose only line runs ./tablecast. */
function runCommand(readme) {
  const blocks = [...readme.matchAll(/```sh\n([^`]*?)```/g)].map((m) => m[1].trim());
  const command = blocks.find((b) => !b.includes('\n') && b.startsWith('./tablecast '));
  if (!command) fail('the README has no sh block with a ./tablecast command alone');
  return command;
}

/** The "Try it" section's command lines, continuation lines joined, each with the status its comment shows. */
function tryIt(readme) {
  const lines = readme.split('\n');
  const start = lines.indexOf('## Try it');
  if (start < 0) fail('the README has no "## Try it" section');
  let end = start + 1;
  while (end < lines.length && !lines[end].startsWith('## ')) end++;
  const steps = [];
  let inSh = false;
  let pending = '';
  let belowACall = false;
  for (const line of lines.slice(start + 1, end)) {
    if (line.startsWith('```')) {
      inSh = !inSh && line === '```sh';
      belowACall = false;
    } else if (inSh && line.endsWith('\\')) {
      pending += line.slice(0, -1);
    } else if (inSh) {
      const full = (pending + line).trim();
      pending = '';
      if (full === '') {
        belowACall = false;
      } else if (full.startsWith('#')) {
        const shown = full.match(/"status":(\d{3})/);
        if (belowACall && shown) {
          const step = steps[steps.length - 1];
          step.shownStatus = Number(shown[1]);
          step.shownType = (full.match(/"type":"([^"]+)"/) || [])[1];
        }
      } else {
        if (!full.startsWith('curl ')) fail(`a line of "Try it" is not a curl command: ${full}`);
        const method = (full.match(/ -X (\w+)/) || [])[1] || (/ -d /.test(full) ? 'POST' : 'GET');
        steps.push({ line: full, method });
        belowACall = true;
      }
    }
  }
  if (steps.length === 0) fail('"Try it" has no curl command');
  return steps;
}

/** Runs one README line verbatim in bash; curl also reports the status, on a last line of its own. */
function runLine(line) {
  const script = 'curl() { command curl -w "\\n%{http_code}" "$@"; }\n' + line;
  const out = execFileSync('bash', ['-c', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
  const cut = out.lastIndexOf('\n');
  const body = out.slice(0, cut);
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: Number(out.slice(cut + 1)), body, json };
}

const isProblem = (json) => json && typeof json.type === 'string' && json.type.startsWith('urn:tablecast:problem');
const hasSomething = (json) => json && (Array.isArray(json.items) ? json.items.length > 0 : Object.keys(json).length > 0);

async function check(step) {
  if (step.shownStatus) {
    const answer = runLine(step.line);
    if (answer.status !== step.shownStatus || (step.shownType && answer.json?.type !== step.shownType)) {
      fail(`${step.line}\n  answered ${answer.status} ${answer.body}\n  where the README shows ${step.shownStatus} ${step.shownType ?? ''}`);
    }
    return answer;
  }
  if (step.method !== 'GET') {
    const answer = runLine(step.line);
    if (answer.status < 200 || answer.status > 299 || isProblem(answer.json)) {
      fail(`${step.line}\n  answered ${answer.status} ${answer.body}`);
    }
    return answer;
  }
  const deadline = Date.now() + READ_MS;
  for (;;) {
    const answer = runLine(step.line);
    if (answer.status === 200 && hasSomething(answer.json) && !isProblem(answer.json)) return answer;
    if (Date.now() > deadline) fail(`${step.line}\n  still answers ${answer.status} ${answer.body} after ${READ_MS} ms`);
    await sleep(200);
  }
}

const portTaken = (port) => new Promise((done) => {
  const socket = net.connect({ host: '127.0.0.1', port }, () => { socket.destroy(); done(true); });
  socket.on('error', () => done(false));
});

/** Every live process below pid, from /proc (Azurite, in a session of its own, is still a child). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) || []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (p) => (children.get(p) || []).forEach((c) => { found.push(c); walk(c); });
  walk(pid);
  return found;
}
const alive = (pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

async function main() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const command = runCommand(readme);
  const steps = tryIt(readme);
  for (const port of PORTS) {
    if (await portTaken(port)) fail(`port ${port} is taken: dev mode's default ports must be free`);
  }

  const repository = (process.env.MAVEN_OPTS || '').match(/-Dmaven\.repo\.local=(\S+)/)?.[1] ?? join(homedir(), '.m2', 'repository');
  rmSync(join(repository, 'io', 'tablecast'), { recursive: true, force: true });
  rmSync(join(root, '.tablecast'), { recursive: true, force: true });
  say(`removed ${join(repository, 'io', 'tablecast')}; running \`${command}\` in ${root}`);

  const output = [];
  const dev = spawn('sh', ['-c', `exec ${command}`], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((done) => dev.on('exit', (code, signal) => done({ code, signal })));
  const collect = (stream, to) => stream.on('data', (chunk) => {
    to.write(chunk);
    output.push(...chunk.toString().split('\n'));
  });
  collect(dev.stdout, process.stdout);
  collect(dev.stderr, process.stderr);
  const seen = new Set([dev.pid]);

  try {
    const deadline = Date.now() + START_MS;
    while (!output.some((l) => l.startsWith('Press Ctrl-C'))) {
      if (dev.exitCode !== null) fail(`\`${command}\` exited with ${dev.exitCode} before it served`);
      if (Date.now() > deadline) fail(`\`${command}\` did not serve within ${START_MS} ms`);
      await sleep(200);
    }
    say('dev mode serves: "Press Ctrl-C to stop."');
    descendants(dev.pid).forEach((p) => seen.add(p));
    for (const port of [8081, 8082]) {
      const health = runLine(`curl -s localhost:${port}/health`);
      if (health.status !== 200) fail(`GET localhost:${port}/health answered ${health.status} ${health.body}`);
    }
    say('both APIs answer /health');

    for (const step of steps) {
      const started = Date.now();
      const answer = await check(step);
      say(`${answer.status} in ${Date.now() - started} ms: ${step.line.slice(0, 110)}`);
    }
    descendants(dev.pid).forEach((p) => seen.add(p));
  } finally {
    const before = output.length;
    const signalled = Date.now();
    say(`Ctrl-C: SIGINT to the process group ${dev.pid}`);
    try {
      process.kill(-dev.pid, 'SIGINT');
    } catch {
      // already gone
    }
    let timer;
    const end = await Promise.race([exited, new Promise((done) => { timer = setTimeout(done, 60_000); })]);
    clearTimeout(timer);
    const took = Date.now() - signalled;
    if (!end) {
      [...seen].filter(alive).forEach((p) => process.kill(p, 'SIGKILL'));
      fail(`dev mode still ran 60 s after Ctrl-C`);
    }
    if (process.exitCode !== 1) {
      say(`dev mode exited with ${end.code ?? end.signal} ${took} ms after Ctrl-C`);
      const afterStop = output.slice(before);
      if (end.code !== 0) fail(`the exit code after Ctrl-C was ${end.code ?? end.signal}, not 0`);
      if (took > STOP_MS) fail(`the stop took ${took} ms, more than ${STOP_MS}`);
      if (!afterStop.some((l) => l.startsWith('Tablecast stopped cleanly'))) fail('dev mode did not say it stopped cleanly');
      const trace = output.find((l) => /^\s+at [\w.$]+\(/.test(l) || l.startsWith('Exception in thread'));
      if (trace) fail(`dev mode printed a stack trace: ${trace}`);
      if (!readFileSync(join(root, '.tablecast', 'dev.lock'), 'utf8').includes('state=stopped')) {
        fail('the run record does not say the run stopped cleanly');
      }
      await sleep(500);
      const left = [...seen].filter(alive);
      if (left.length > 0) fail(`processes left running: ${left.join(', ')}`);
      for (const port of PORTS) {
        if (await portTaken(port)) fail(`port ${port} is still taken after the stop`);
      }
      rmSync(join(root, '.tablecast'), { recursive: true, force: true });
      say('passed: the README runs from nothing, and Ctrl-C stops it cleanly');
    }
  }
}

main().catch((e) => {
  if (process.exitCode !== 1) {
    console.error(e);
    process.exitCode = 1;
  }
});
