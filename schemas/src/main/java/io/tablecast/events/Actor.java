package io.tablecast.events;

import java.util.Objects;

/**
 * Who caused an event: the subject of the bearer token that sent its command, or {@link
 * #ANONYMOUS} when authentication is off. Events written before actors were recorded read as
 * {@link #ANONYMOUS} too, so every event has exactly one actor.
 *
 * <p>At most {@value #MAX_LENGTH} characters: OpenID Connect Core §2 bounds a subject so, and the
 * bound keeps the activity rows that repeat it far below the storage's property limit.
 *
 * @param subject the token's {@code sub}, verbatim (case kept); never blank
 */
public record Actor(String subject) {

  /** The longest subject OpenID Connect allows. */
  public static final int MAX_LENGTH = 255;

  /** The actor of every command sent while authentication is off. */
  public static final Actor ANONYMOUS = new Actor("anonymous");

  public Actor {
    Objects.requireNonNull(subject, "'subject' cannot be null.");
    if (subject.isBlank()) {
      throw new IllegalArgumentException("'subject' cannot be blank.");
    }
    if (subject.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "'subject' is " + subject.length() + " characters long, over the limit of " + MAX_LENGTH);
    }
  }

  public boolean isAnonymous() {
    return equals(ANONYMOUS);
  }

  @Override
  public String toString() {
    return subject;
  }
}
