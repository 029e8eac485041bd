package io.tablecast.common.auth;

/**
 * The issuer's signing keys could not be fetched, so no token can be judged: the service's
 * problem, or the issuer's, not the caller's. Or they were fetched too recently to be fetched
 * again for a key id they did not have ({@link #limited}): a key the issuer has just published,
 * perhaps, which a retry after the limit finds.
 */
public final class KeysUnavailableException extends Exception {

  private final boolean limited;

  public KeysUnavailableException(String message, Throwable cause) {
    this(message, cause, false);
  }

  private KeysUnavailableException(String message, Throwable cause, boolean limited) {
    super(message, cause);
    this.limited = limited;
  }

  /** The keys could not be fetched again for a key id not yet looked for: the fetches' rate limit. */
  static KeysUnavailableException limited(String message, Throwable cause) {
    return new KeysUnavailableException(message, cause, true);
  }

  /** Whether the keys were not fetched because of the rate limit, not an outage. */
  public boolean limited() {
    return limited;
  }
}
