package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.views.domain.EmployeeField;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The query parameters of the views (SPEC §9), each checked, each failure a precise 400. */
final class QueryParams {

  static final int DEFAULT_PAGE_SIZE = 100;
  static final int MAX_PAGE_SIZE = 1_000;
  static final int DEFAULT_TOP = 10;
  static final int MAX_TOP = 1_000;

  private final ContinuationTokens tokens;

  QueryParams(ContinuationTokens tokens) {
    this.tokens = tokens;
  }

  int pageSize(Context ctx) {
    return bounded(ctx, "pageSize", DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  int top(Context ctx) {
    return bounded(ctx, "top", DEFAULT_TOP, MAX_TOP);
  }

  /** The cursor of {@code continuation}, which must be a token this service gave for the same listing. */
  Optional<String> continuation(Context ctx, String scope) {
    return Optional.ofNullable(ctx.queryParam("continuation"))
        .map(token -> tokens.open(scope, token).orElseThrow(() -> bad("'continuation' is not a token of this listing.")));
  }

  String seal(String scope, String cursor) {
    return tokens.seal(scope, cursor);
  }

  /** {@code fields=}: the employee properties to return, {@code employeeId} and {@code departmentId} always among them; every one when absent. */
  List<EmployeeField> fields(Context ctx) {
    String text = ctx.queryParam("fields");
    if (text == null) {
      return List.of(EmployeeField.values());
    }
    Set<EmployeeField> fields = EnumSet.copyOf(EmployeeField.ALWAYS);
    for (String name : text.split(",", -1)) {
      fields.add(EmployeeField.named(name).orElseThrow(() -> bad("'fields' names an unknown property: '" + name.strip() + "'.")));
    }
    return new ArrayList<>(fields);
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

  private int bounded(Context ctx, String name, int fallback, int max) {
    String text = ctx.queryParam(name);
    if (text == null) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(text);
      if (value >= 1 && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // the answer below
    }
    throw bad("'" + name + "' must be a whole number from 1 to " + max + ".");
  }
}
