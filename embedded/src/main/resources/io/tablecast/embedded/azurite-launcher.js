'use strict';
/*
 * Runs Azurite inside this node process and ties its life to the parent JVM.
 *
 * Usage: node azurite-launcher.js <path/to/azurite.js> [azurite options...]
 *
 * Stopping (SIGTERM, from the JVM or from the watchdog below): Azurite's own handler closes its
 * three servers and saves its databases, after which the process exits by itself. This launcher
 * makes sure that
 *   - a terminal's signals do not stop it: Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT) and a hang-up (SIGHUP)
 *     go to the terminal's whole foreground process group, and the JVM that started us stops its
 *     services first and the store last, with SIGTERM. The JVM also starts us in a session of our
 *     own where it can (setsid), so that the terminal does not signal us at all; where it cannot,
 *     these signals are ignored here, and Azurite's own SIGINT handler is never registered;
 *   - Azurite shuts down at most once (its handler is a once-handler of SIGTERM alone: a second
 *     shutdown would close closed servers, reject, and crash the process while it saves its
 *     databases);
 *   - the process does exit, GRACE_MS after the first SIGTERM at the latest;
 *   - a SIGTERM before Azurite is serving exits at once.
 *
 * Orphan protection: the parent keeps a pipe open on our stdin and never writes to it. When the
 * pipe reaches end-of-file the parent has gone (or is stopping us; Java closes the pipe when it
 * signals), even if it was SIGKILLed. The watchdog then sends SIGTERM, and SIGKILL GRACE_MS later
 * if the process is still alive. It runs in a worker thread with its own event loop, so it still
 * works when Azurite's main thread is stuck (RUNTIME-NOTES saw a hung Azurite ignore SIGTERM).
 */
const { Worker, isMainThread } = require('worker_threads');

// Longer than the JVM's own SIGTERM-to-SIGKILL grace (5 s): while the JVM lives, it decides.
const GRACE_MS = 8000;
const STOP_SIGNAL = 'SIGTERM';
const TERMINAL_SIGNALS = ['SIGINT', 'SIGQUIT', 'SIGHUP'];

if (isMainThread) {
  const azuriteMain = process.argv[2];
  if (!azuriteMain) {
    console.error('usage: node azurite-launcher.js <azurite.js> [options...]');
    process.exit(2);
  }

  const watchdog = new Worker(__filename);
  watchdog.unref();

  // Azurite registers `process.once('SIGINT', shutdown)` once it serves: drop that registration.
  const registerOnce = process.once;
  process.once = function (event, listener) {
    return TERMINAL_SIGNALS.includes(event) ? this : registerOnce.call(this, event, listener);
  };
  for (const s of TERMINAL_SIGNALS) {
    process.on(s, () => {});
  }

  let stopping = false;
  const onStopSignal = () => {
    if (stopping) {
      return; // a stop is under way; the timer below ends it if it stalls
    }
    stopping = true;
    // Azurite registers its once-handler only when its servers are up; it runs after this one.
    const azuriteServing = process.listenerCount(STOP_SIGNAL) > 1;
    if (!azuriteServing) {
      console.error(`launcher: ${STOP_SIGNAL} before Azurite was serving, exiting`);
      process.exit(0);
    }
    console.log(`launcher: ${STOP_SIGNAL}, Azurite is shutting down`);
    setTimeout(() => {
      console.error(`launcher: still alive ${GRACE_MS} ms after ${STOP_SIGNAL}, exiting`);
      process.exit(1);
    }, GRACE_MS).unref();
  };
  process.on(STOP_SIGNAL, onStopSignal);

  // Azurite parses process.argv: present ourselves as `node azurite.js [options...]`.
  process.argv = [process.argv[0], azuriteMain, ...process.argv.slice(3)];
  console.log(`launcher: pid ${process.pid}, starting ${azuriteMain}`);
  require(azuriteMain);
} else {
  const net = require('net');
  const stdin = new net.Socket({ fd: 0, readable: true, writable: false });
  let fired = false;
  const parentGone = (why) => {
    if (fired) {
      return;
    }
    fired = true;
    console.error(`launcher: stdin ${why}: the parent has gone or is stopping us`);
    process.kill(process.pid, 'SIGTERM');
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), GRACE_MS);
  };
  stdin.on('data', () => {});
  stdin.on('end', () => parentGone('ended'));
  stdin.on('close', () => parentGone('closed'));
  stdin.on('error', (e) => parentGone(`failed (${e.code})`));
}
