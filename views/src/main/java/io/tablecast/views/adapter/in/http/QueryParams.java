package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.projection.RouteRequest;
import java.util.Optional;
import java.util.function.Supplier;

/** The query parameters of the views' reads (SPEC §9), each checked, each failure a precise 400. */
final class QueryParams {

  private final ContinuationTokens tokens;

  QueryParams(ContinuationTokens tokens) {
    this.tokens = tokens;
  }

  int pageSize(Context ctx) {
    return count(ctx, "pageSize", RouteRequest.DEFAULT_PAGE_SIZE, RouteRequest.MAX_PAGE_SIZE);
  }

  /** The cursor of {@code continuation}, which must be a token this service gave for the same listing. */
  Optional<String> continuation(Context ctx, String scope) {
    return Optional.ofNullable(ctx.queryParam("continuation"))
        .map(token -> tokens.open(scope, token).orElseThrow(() -> bad("'continuation' is not a token of this listing.")));
  }

  String seal(String scope, String cursor) {
    return tokens.seal(scope, cursor);
  }

  /** A text parameter: the rule routes follow ({@link RouteRequest#text}). */
  String text(String value, String name, int max) {
    return asProblem(() -> RouteRequest.text(name, value, max));
  }

  ProblemException bad(String detail) {
    return new ProblemException(ProblemType.BAD_REQUEST, detail);
  }

  /** A whole number from 1 to {@code max}, {@code fallback} when absent: the rule routes follow ({@link RouteRequest#count}). */
  private int count(Context ctx, String name, int fallback, int max) {
    return asProblem(() -> RouteRequest.count(name, Optional.ofNullable(ctx.queryParam(name)), fallback, max));
  }

  /** A rule's refusal as this service's 400. */
  private <T> T asProblem(Supplier<T> rule) {
    try {
      return rule.get();
    } catch (RouteRequest.BadRequest e) {
      throw bad(e.getMessage());
    }
  }
}
