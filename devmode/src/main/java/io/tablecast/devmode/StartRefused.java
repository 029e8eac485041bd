package io.tablecast.devmode;

/**
 * Dev mode will not start, for a reason its user can fix: another dev mode owns the data
 * directory, or a port is taken. The message is one line that says which, and what to do; it is
 * meant to be printed as it is, without a stack trace (none is recorded).
 */
final class StartRefused extends RuntimeException {

  StartRefused(String message) {
    super(message, null, false, false);
  }
}
