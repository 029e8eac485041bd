package io.tablecast.commands.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.commands.application.CommandOutcome;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.common.http.FieldError;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import java.util.List;

/** Maps command outcomes to HTTP: the only place where a rejection kind becomes a status. */
final class OutcomeResponses {

  private OutcomeResponses() {}

  static void respond(Context ctx, CommandOutcome outcome, int successStatus) {
    if (outcome instanceof CommandOutcome.Rejected r) {
      throw toProblem(r.rejection());
    }
    CommandOutcome.Accepted a = (CommandOutcome.Accepted) outcome;
    ctx.status(successStatus)
        .header("ETag", "\"" + a.version() + "\"")
        .json(new CommandAccepted(a.commandId(), a.aggregateId(), a.version(), a.token().encode()));
  }

  static ProblemException toProblem(Rejection rejection) {
    int status =
        switch (rejection.kind()) {
          case NOT_FOUND -> 404;
          case CONFLICT -> 409;
          case UNPROCESSABLE -> 422;
          case PRECONDITION_FAILED -> 412;
        };
    List<FieldError> errors =
        rejection.field().map(f -> List.of(new FieldError(f, rejection.detail()))).orElse(List.of());
    return new ProblemException(new ProblemType(status, rejection.code(), title(rejection.kind())), rejection.detail(), errors);
  }

  private static String title(Rejection.Kind kind) {
    return switch (kind) {
      case NOT_FOUND -> "Not found";
      case CONFLICT -> "Conflict";
      case UNPROCESSABLE -> "Unprocessable command";
      case PRECONDITION_FAILED -> "Precondition failed";
    };
  }
}
