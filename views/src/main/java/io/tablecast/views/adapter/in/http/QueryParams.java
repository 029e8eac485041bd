package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.projection.RouteRequest;
import java.util.Optional;

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

  /** A text parameter: not blank, no control characters, at most {@code max} characters. */
  String text(String value, String name, int max) {
    if (value.isBlank() || value.length() > max || value.chars().anyMatch(Character::isISOControl)) {
      throw bad("'" + name + "' must be 1 to " + max + " characters, without control characters.");
    }
    return value;
  }

  ProblemException bad(String detail) {
    return new ProblemException(ProblemType.BAD_REQUEST, detail);
  }

  /** A whole number from 1 to {@code max}, {@code fallback} when absent: the rule routes follow ({@link RouteRequest#count}). */
  private int count(Context ctx, String name, int fallback, int max) {
    try {
      return RouteRequest.count(name, Optional.ofNullable(ctx.queryParam(name)), fallback, max);
    } catch (RouteRequest.BadRequest e) {
      throw bad(e.getMessage());
    }
  }
}
