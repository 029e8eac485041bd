package io.tablecast.commands.adapter.in.http;

import io.tablecast.commands.domain.Rejection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@code If-Match} header of PATCH, transfer and archive (SPEC §5, §9). */
final class Preconditions {

  private static final Pattern ETAG = Pattern.compile("(?:W/)?\"([0-9]{1,18})\"");

  private Preconditions() {}

  /**
   * The version the client expects; empty without the header or with {@code *} (any version).
   *
   * @throws io.tablecast.common.http.ProblemException 400 for a malformed header
   */
  static Optional<Long> expectedVersion(String ifMatch) {
    if (ifMatch == null || ifMatch.strip().equals("*")) {
      return Optional.empty();
    }
    Matcher m = ETAG.matcher(ifMatch.strip());
    if (!m.matches()) {
      throw OutcomeResponses.toProblem(new Rejection(Rejection.Kind.MALFORMED, "invalid-if-match",
          "If-Match must be an entity tag such as \"3\" (the version), or *.", List.of()));
    }
    return Optional.of(Long.parseLong(m.group(1)));
  }
}
