package io.tablecast.commands.adapter.in.http;

import io.tablecast.commands.application.IdempotencyRef;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.common.http.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The {@code Idempotency-Key} header (SPEC §9): 1–128 printable ASCII characters, scoped to
 * method and canonical path, and to the caller whose token authentication accepted, so that a
 * caller who reuses another's key gets an answer of its own, never the other's; two bodies are the
 * same request when their canonical JSON is equal (key order ignored). A body that is not JSON is
 * compared byte for byte.
 */
final class IdempotencyKeys {

  static final String HEADER = "Idempotency-Key";

  private IdempotencyKeys() {}

  /** @throws io.tablecast.common.http.ProblemException 400 when the header is present but malformed */
  static Optional<String> key(String header) {
    if (header == null) {
      return Optional.empty();
    }
    if (header.isEmpty() || header.length() > 128 || !header.chars().allMatch(c -> c >= 0x21 && c <= 0x7E)) {
      throw OutcomeResponses.toProblem(new Rejection(Rejection.Kind.MALFORMED, "invalid-idempotency-key",
          "Idempotency-Key must be 1 to 128 printable ASCII characters without spaces.", List.of()));
    }
    return Optional.of(header);
  }

  /**
   * @param caller the subject of the caller's token; empty with authentication off, when every
   *     request is the same anonymous caller's and keys are scoped as before there were callers
   * @param body the request body as received; empty means no body, the same as {@code {}}
   */
  static IdempotencyRef ref(Optional<String> caller, String method, String canonicalPath, String key, byte[] body) {
    String request = method + " " + canonicalPath + " " + key;
    String scope = sha256(utf8(caller.map(subject -> "caller " + subject + " " + request).orElse(request)));
    Optional<String> canonical = body.length == 0 ? Optional.of("{}") : Json.canonical(body);
    String fingerprint = canonical.map(c -> "json:" + sha256(utf8(c))).orElseGet(() -> "raw:" + sha256(body));
    return new IdempotencyRef(scope, fingerprint);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
