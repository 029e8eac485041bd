package io.tablecast.common.http;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Ends a request with a problem response. Thrown from handlers; {@link HttpService} turns it
 * into {@code application/problem+json} in one place. Carries no stack trace: it is an answer,
 * not a failure.
 */
public final class ProblemException extends RuntimeException {

  private final ProblemType type;
  private final List<FieldError> errors;
  private final Optional<Duration> retryAfter;

  public ProblemException(ProblemType type, String detail) {
    this(type, detail, List.of(), Optional.empty());
  }

  public ProblemException(ProblemType type, String detail, List<FieldError> errors) {
    this(type, detail, errors, Optional.empty());
  }

  public ProblemException(
      ProblemType type, String detail, List<FieldError> errors, Optional<Duration> retryAfter) {
    super(detail, null, false, false);
    this.type = type;
    this.errors = List.copyOf(errors);
    this.retryAfter = retryAfter;
  }

  public static ProblemException unavailable(String detail, Duration retryAfter) {
    return new ProblemException(ProblemType.UNAVAILABLE, detail, List.of(), Optional.of(retryAfter));
  }

  public ProblemType type() {
    return type;
  }

  public Optional<Duration> retryAfter() {
    return retryAfter;
  }

  public Problem problem() {
    return Problem.of(type, getMessage(), errors);
  }
}
