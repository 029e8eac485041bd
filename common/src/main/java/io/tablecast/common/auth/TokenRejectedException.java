package io.tablecast.common.auth;

/**
 * A token that does not prove who sent the request: malformed, badly signed, expired, not yet
 * valid, or issued by another issuer or for another audience. The message says which, in words
 * fit for the {@code error_description} of a {@code WWW-Authenticate} header.
 */
public final class TokenRejectedException extends Exception {

  public TokenRejectedException(String description) {
    super(description, null, false, false);
  }
}
