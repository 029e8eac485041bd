package io.tablecast.common.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The {@code application/problem+json} body (RFC 9457) of every error response. */
public record Problem(
    String type,
    String title,
    int status,
    String detail,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FieldError> errors) {

  public static final String MEDIA_TYPE = "application/problem+json";

  public static Problem of(ProblemType type, String detail, List<FieldError> errors) {
    return new Problem(type.uri(), type.title(), type.status(), detail, List.copyOf(errors));
  }
}
