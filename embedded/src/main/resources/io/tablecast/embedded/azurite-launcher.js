'use strict';
/*
 * Runs Azurite inside this node process and ties its life to the parent JVM.
 *
 * Usage: node azurite-launcher.js <path/to/azurite.js> [azurite options...]
 *
 * Stopping (SIGTERM or SIGINT, from the JVM, a terminal's Ctrl-C, or the watchdog below):
 * Azurite's own handler closes its three servers and saves its databases, after which the
 * process exits by itself. This launcher makes sure that
 *   - Azurite shuts down at most once: a second signal (Ctrl-C reaches both the JVM and us, then
 *     the JVM sends SIGTERM) would make Azurite close closed servers, reject, and crash the
 *     process in the middle of saving its databases;
 *   - the process does exit, GRACE_MS after the first signal at the latest;
 *   - a signal before Azurite is serving exits at once.
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
const STOP_SIGNALS = ['SIGTERM', 'SIGINT'];

if (isMainThread) {
  const azuriteMain = process.argv[2];
  if (!azuriteMain) {
    console.error('usage: node azurite-launcher.js <azurite.js> [options...]');
    process.exit(2);
  }

  const watchdog = new Worker(__filename);
  watchdog.unref();

  let stopping = false;
  const onStopSignal = (signal) => {
    if (stopping) {
      return; // a stop is under way; the timer below ends it if it stalls
    }
    stopping = true;
    // Azurite registers its once-handlers only when its servers are up; they run after this one.
    const azuriteServing = process.listenerCount(signal) > 1;
    // Keep only our handler: Azurite's handler for this signal still runs in this emit cycle
    // (EventEmitter calls the listeners registered when the event was emitted); its handler for
    // the other signal must never run.
    for (const s of STOP_SIGNALS) {
      process.removeAllListeners(s);
      process.on(s, onStopSignal);
    }
    if (!azuriteServing) {
      console.error(`launcher: ${signal} before Azurite was serving, exiting`);
      process.exit(0);
    }
    console.log(`launcher: ${signal}, Azurite is shutting down`);
    setTimeout(() => {
      console.error(`launcher: still alive ${GRACE_MS} ms after ${signal}, exiting`);
      process.exit(1);
    }, GRACE_MS).unref();
  };
  for (const s of STOP_SIGNALS) {
    process.on(s, onStopSignal);
  }

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
