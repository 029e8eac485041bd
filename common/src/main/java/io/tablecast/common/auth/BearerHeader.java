package io.tablecast.common.auth;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What an {@code Authorization} header holds, read as RFC 6750 §2.1 defines it: nothing, a bearer
 * token, or something else. Only the syntax is checked here; {@link TokenVerifier} judges the token.
 */
public sealed interface BearerHeader {

  /** RFC 6750's {@code b64token}: what a JWT's three base64url parts and two dots always match. */
  Pattern B64TOKEN = Pattern.compile("[A-Za-z0-9\\-._~+/]+=*");

  /** No {@code Authorization} header at all. */
  record Missing() implements BearerHeader {}

  /** A header that is not {@code Bearer <token>}; {@code reason} says what is wrong with it. */
  record Malformed(String reason) implements BearerHeader {}

  /** A bearer token, still to be verified. */
  record Token(String value) implements BearerHeader {}

  /** Reads the value of an {@code Authorization} header; empty when there was none. */
  static BearerHeader parse(Optional<String> header) {
    if (header.isEmpty()) {
      return new Missing();
    }
    String value = header.get().strip();
    int space = value.indexOf(' ');
    String scheme = space < 0 ? value : value.substring(0, space);
    if (!scheme.toLowerCase(Locale.ROOT).equals("bearer")) {
      return new Malformed("The Authorization header must use the Bearer scheme.");
    }
    String token = space < 0 ? "" : value.substring(space + 1).strip();
    if (token.isEmpty()) {
      return new Malformed("The Authorization header holds no bearer token.");
    }
    if (!B64TOKEN.matcher(token).matches()) {
      return new Malformed("The bearer token holds characters a token cannot hold.");
    }
    return new Token(token);
  }
}
