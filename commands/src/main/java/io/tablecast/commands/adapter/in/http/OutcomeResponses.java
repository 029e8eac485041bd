package io.tablecast.commands.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.commands.application.CommandOutcome;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.Violation;
import io.tablecast.common.http.FieldError;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyTokens;
import java.util.List;

/**
 * The one place where command outcomes become HTTP: a rejection kind becomes a status, its code
 * the problem type; successes get the SPEC §5 body and an {@code ETag}.
 */
final class OutcomeResponses {

  private OutcomeResponses() {}

  static void respond(Context ctx, CommandOutcome outcome, int successStatus, ConsistencyTokens tokens) {
    if (outcome instanceof CommandOutcome.Rejected r) {
      throw toProblem(r.rejection());
    }
    long version;
    String token;
    if (outcome instanceof CommandOutcome.Accepted a) {
      version = a.version();
      token = tokens.write(a.token());
    } else {
      CommandOutcome.Unchanged u = (CommandOutcome.Unchanged) outcome;
      version = u.version();
      token = tokens.write(u.token());
      successStatus = 200; // nothing was created
    }
    ctx.status(successStatus)
        .header("ETag", "\"" + version + "\"")
        .json(new CommandAccepted(outcome.commandId(), outcome.aggregateId(), version, token));
  }

  static ProblemException toProblem(Rejection rejection) {
    int status = switch (rejection.kind()) {
      case MALFORMED -> 400;
      case NOT_FOUND -> 404;
      case CONFLICT -> 409;
      case INVALID -> 422;
      case PRECONDITION_FAILED -> 412;
    };
    String title = ProblemType.common(rejection.code()).map(ProblemType::title).orElse(title(rejection.kind()));
    List<FieldError> errors = rejection.violations().stream().map(v -> new FieldError(v.field(), v.message())).toList();
    return new ProblemException(new ProblemType(status, rejection.code(), title), rejection.detail(), errors);
  }

  /** The reverse, for refusals of the shared JSON reader: a 400 becomes a malformed rejection. */
  static Rejection toRejection(ProblemException problem) {
    Rejection.Kind kind = problem.type().status() == 422 ? Rejection.Kind.INVALID : Rejection.Kind.MALFORMED;
    List<Violation> violations = problem.problem().errors() == null ? List.of()
        : problem.problem().errors().stream().map(e -> new Violation(e.field(), e.message())).toList();
    return new Rejection(kind, problem.type().slug(), problem.getMessage(), violations);
  }

  private static String title(Rejection.Kind kind) {
    return switch (kind) {
      case MALFORMED -> "Bad request";
      case NOT_FOUND -> "Not found";
      case CONFLICT -> "Conflict";
      case INVALID -> "Unprocessable request";
      case PRECONDITION_FAILED -> "Precondition failed";
    };
  }
}
