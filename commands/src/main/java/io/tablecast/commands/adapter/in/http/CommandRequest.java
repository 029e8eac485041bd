package io.tablecast.commands.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.common.http.JsonBodies;
import java.util.Optional;

/** One command request's body, read at most once and within bounds. */
final class CommandRequest {

  private static final byte[] NONE = new byte[0];

  private final Context ctx;
  private byte[] body;

  CommandRequest(Context ctx) {
    this.ctx = ctx;
  }

  /** The body as {@code type}: 415 for another media type, 413 when too large, 400 when malformed. */
  <T> T body(Class<T> type) {
    JsonBodies.requireJsonContentType(ctx);
    return JsonBodies.parseObject(bytes(), type);
  }

  /** The fields of the body given as an explicit JSON {@code null}. */
  java.util.Set<String> explicitNulls() {
    return JsonBodies.explicitNulls(bytes());
  }

  /** Like {@link #body}, but no body at all is fine (an archive without a reason). */
  <T> Optional<T> optionalBody(Class<T> type) {
    if (bytes().length == 0) {
      return Optional.empty();
    }
    JsonBodies.requireJsonContentType(ctx);
    return Optional.of(JsonBodies.parseObject(bytes(), type));
  }

  /** Whether the body was read: then it is what the request means, and can be fingerprinted. */
  boolean bodyRead() {
    return body != null;
  }

  /** The body's bytes as read; empty when it was not read or was empty. */
  byte[] bytesRead() {
    return body == null ? NONE : body;
  }

  private byte[] bytes() {
    if (body == null) {
      body = JsonBodies.readBounded(ctx);
    }
    return body;
  }
}
