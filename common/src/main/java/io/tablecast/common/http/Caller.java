package io.tablecast.common.http;

import io.javalin.http.Context;
import io.tablecast.common.auth.VerifiedToken;
import java.util.Optional;

/**
 * Who sent a request: the subject of its bearer token once authentication has accepted it, or
 * {@link #ANONYMOUS} when authentication is off. Authentication attaches it to the request; the
 * handlers read it, for example to record the actor of a command's events.
 */
public record Caller(String subject) {

  public static final Caller ANONYMOUS = new Caller(VerifiedToken.ANONYMOUS);

  private static final String ATTRIBUTE = "tablecast.caller";

  public Caller {
    if (subject == null || subject.isBlank()) {
      throw new IllegalArgumentException("'subject' must not be blank");
    }
  }

  /** Records the caller of this request. */
  public static void attach(Context ctx, Caller caller) {
    ctx.attribute(ATTRIBUTE, caller);
  }

  /** The caller of this request: the one attached, else {@link #ANONYMOUS}. */
  public static Caller of(Context ctx) {
    return attached(ctx).orElse(ANONYMOUS);
  }

  /** The caller attached to this request, if authentication accepted its token. */
  public static Optional<Caller> attached(Context ctx) {
    return Optional.ofNullable(ctx.attribute(ATTRIBUTE));
  }
}
