package io.tablecast.commands.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.common.http.Caller;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.events.Actor;

/**
 * The actor of a request's command: the {@link Caller} that authentication attached to the request
 * (its token's subject), or the anonymous caller when authentication is off. The command carries
 * it to the processor, which records it in every event the command causes.
 */
final class CallerActors {

  private CallerActors() {}

  static Actor of(Context ctx) {
    return of(Caller.of(ctx));
  }

  /**
   * @throws ProblemException 400 when the subject is longer than an event can record; OpenID
   *     Connect allows no such subject, so no command is sent on behalf of a truncated one
   */
  static Actor of(Caller caller) {
    String subject = caller.subject();
    if (subject.length() > Actor.MAX_LENGTH) {
      throw new ProblemException(ProblemType.BAD_REQUEST, "The token's subject is " + subject.length()
          + " characters long; at most " + Actor.MAX_LENGTH + " are accepted (OpenID Connect Core, section 2).");
    }
    return new Actor(subject);
  }
}
