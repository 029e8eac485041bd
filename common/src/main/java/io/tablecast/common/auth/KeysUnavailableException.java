package io.tablecast.common.auth;

/**
 * The issuer's signing keys could not be fetched, so no token can be judged: the service's
 * problem, or the issuer's, not the caller's.
 */
public final class KeysUnavailableException extends Exception {

  public KeysUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
