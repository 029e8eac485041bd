package io.tablecast.projection;

import java.util.Optional;

/** A request to a {@link ViewRoute}, as the views service received and checked it. */
public interface RouteRequest {

  /** The value of the route's {@code {name}} in the request's path, decoded. */
  String pathParam(String name);

  /** The query parameter, when the request has it. */
  Optional<String> queryParam(String name);

  /** What to throw for input the route cannot answer: the client gets a 400 with {@code detail}. */
  static BadRequest bad(String detail) {
    return new BadRequest(detail);
  }

  /** A request the route cannot answer as asked: a 400, with its message as the problem's detail. */
  final class BadRequest extends RuntimeException {
    public BadRequest(String detail) {
      super(detail, null, false, false);
    }
  }
}
