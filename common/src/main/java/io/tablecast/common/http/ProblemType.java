package io.tablecast.common.http;

/**
 * A kind of problem (RFC 9457): its status, a stable {@code type} URI and a short title.
 * Services add their own kinds next to the common ones below.
 */
public record ProblemType(int status, String slug, String title) {

  public static final String URI_PREFIX = "urn:tablecast:problem:";

  public static final ProblemType MALFORMED_JSON = new ProblemType(400, "malformed-json", "Malformed JSON");
  public static final ProblemType UNKNOWN_FIELD = new ProblemType(400, "unknown-field", "Unknown field");
  public static final ProblemType WRONG_TYPE = new ProblemType(400, "wrong-type", "Wrong JSON type");
  public static final ProblemType BAD_REQUEST = new ProblemType(400, "bad-request", "Bad request");
  /** No bearer token, or one that proves nothing (RFC 6750 {@code invalid_token}). */
  public static final ProblemType UNAUTHORIZED = new ProblemType(401, "unauthorized", "Unauthorized");
  /** A valid bearer token without the permission the API asks for (RFC 6750 {@code insufficient_scope}). */
  public static final ProblemType FORBIDDEN = new ProblemType(403, "forbidden", "Forbidden");
  public static final ProblemType NOT_FOUND = new ProblemType(404, "not-found", "Not found");
  public static final ProblemType METHOD_NOT_ALLOWED =
      new ProblemType(405, "method-not-allowed", "Method not allowed");
  public static final ProblemType PAYLOAD_TOO_LARGE =
      new ProblemType(413, "payload-too-large", "Payload too large");
  public static final ProblemType URI_TOO_LONG = new ProblemType(414, "uri-too-long", "URI too long");
  public static final ProblemType HEADERS_TOO_LARGE =
      new ProblemType(431, "request-header-fields-too-large", "Request header fields too large");
  public static final ProblemType UNSUPPORTED_MEDIA_TYPE =
      new ProblemType(415, "unsupported-media-type", "Unsupported media type");
  public static final ProblemType VALIDATION_FAILED =
      new ProblemType(422, "validation-failed", "Validation failed");
  public static final ProblemType TOO_MANY_REQUESTS =
      new ProblemType(429, "too-many-requests", "Too many requests");
  public static final ProblemType INTERNAL_ERROR =
      new ProblemType(500, "internal-error", "Internal error");
  public static final ProblemType UNAVAILABLE =
      new ProblemType(503, "unavailable", "Service unavailable");

  private static final java.util.Map<String, ProblemType> COMMON = java.util.stream.Stream.of(
          MALFORMED_JSON, UNKNOWN_FIELD, WRONG_TYPE, BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED,
          PAYLOAD_TOO_LARGE, URI_TOO_LONG, HEADERS_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, VALIDATION_FAILED, INTERNAL_ERROR, UNAVAILABLE,
          TOO_MANY_REQUESTS)
      .collect(java.util.stream.Collectors.toUnmodifiableMap(ProblemType::slug, t -> t));

  /** One of the common kinds above, by its slug. */
  public static java.util.Optional<ProblemType> common(String slug) {
    return java.util.Optional.ofNullable(COMMON.get(slug));
  }

  public String uri() {
    return URI_PREFIX + slug;
  }
}
