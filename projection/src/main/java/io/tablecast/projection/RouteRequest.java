package io.tablecast.projection;

import java.util.Optional;

/** A request to a {@link ViewRoute}, as the views service received and checked it. */
public interface RouteRequest {

  /** The rows of a page when the request does not say. */
  int DEFAULT_PAGE_SIZE = 100;
  /** The most rows a page may ask for. */
  int MAX_PAGE_SIZE = 1_000;

  /** The value of the route's {@code {name}} in the request's path, decoded. */
  String pathParam(String name);

  /** The query parameter, when the request has it. */
  Optional<String> queryParam(String name);

  /**
   * A whole-number query parameter from 1 to {@code max}, {@code fallback} when absent; anything
   * else is a 400 naming the parameter and its bounds.
   */
  default int count(String name, int fallback, int max) {
    return count(name, queryParam(name), fallback, max);
  }

  /** The rule of {@link #count(String, int, int)}, for a parameter's {@code text}. */
  static int count(String name, Optional<String> text, int fallback, int max) {
    if (text.isEmpty()) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(text.get());
      if (value >= 1 && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // the answer below
    }
    throw bad("'" + name + "' must be a whole number from 1 to " + max + ".");
  }

  /**
   * A text parameter's {@code value}, when it is 1 to {@code max} characters without control
   * characters; anything else is a 400 naming the parameter and its bounds.
   */
  static String text(String name, String value, int max) {
    if (value.isBlank() || value.length() > max || value.chars().anyMatch(Character::isISOControl)) {
      throw bad("'" + name + "' must be 1 to " + max + " characters, without control characters.");
    }
    return value;
  }

  /** {@code pageSize}: from 1 to {@value #MAX_PAGE_SIZE} rows, {@value #DEFAULT_PAGE_SIZE} when absent. */
  default int pageSize() {
    return count("pageSize", DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  }

  /**
   * Where the client's previous page of {@code listing} ended: the cursor its {@code continuation}
   * carries, which must be a token the service sealed for the same listing of this view set (a 400
   * otherwise); empty for a first page. Answer the next page as a {@link RoutePage} of the same
   * listing.
   *
   * @param listing what the pages list, with every parameter that chooses the rows ({@code "status/open"})
   */
  Optional<String> cursor(String listing);

  /** What to throw for input the route cannot answer: the client gets a 400 with {@code detail}. */
  static BadRequest bad(String detail) {
    return new BadRequest(detail);
  }

  /** What to throw when the route finds nothing to answer and can say why: a 404 with {@code detail}. */
  static NotFound notFound(String detail) {
    return new NotFound(detail);
  }

  /** A request the route cannot answer as asked: a 400, with its message as the problem's detail. */
  final class BadRequest extends RuntimeException {
    public BadRequest(String detail) {
      super(detail, null, false, false);
    }
  }

  /** Nothing to answer: a 404, with its message as the problem's detail. */
  final class NotFound extends RuntimeException {
    public NotFound(String detail) {
      super(detail, null, false, false);
    }
  }
}
