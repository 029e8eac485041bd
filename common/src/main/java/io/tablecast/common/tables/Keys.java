package io.tablecast.common.tables;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The SPEC §3 {@code key()} function: turns any text the API accepts into a legal Azure Table
 * PartitionKey or RowKey part.
 *
 * <p>Azure forbids {@code / \ # ?} and control characters in keys and limits a key to 1 KiB.
 * {@link #key(String)} escapes those characters, and {@code %} itself, as {@code %XX} of their
 * UTF-8 bytes in upper-case hex, and leaves everything else (accents, emoji, apostrophes) as it
 * is, so keys stay readable and sort like the text. The escaping is reversible ({@link
 * #unescape(String)}) for every key that was not shortened.
 *
 * <p>An escaped key longer than {@value #MAX_ESCAPED_LENGTH} UTF-16 units is shortened to its
 * first {@value #KEPT_PREFIX_LENGTH} units (never cutting an escape or a surrogate pair), then
 * {@code ~}, then the 64 lower-case hex digits of the SHA-256 of the UTF-8 bytes of the full
 * text. That keeps it unique, deterministic and at most 385 units (770 bytes) long. Callers pass
 * text that is already lower-cased where the SPEC says {@code key(lower(x))}.
 *
 * <p>Pure and thread-safe.
 */
public final class Keys {

  static final int MAX_ESCAPED_LENGTH = 400;
  static final int KEPT_PREFIX_LENGTH = 320;

  private static final HexFormat HEX_UPPER = HexFormat.of().withUpperCase();

  private Keys() {}

  /** Escapes {@code text} for use in a key, shortening it when needed (SPEC §3). */
  public static String key(String text) {
    if (text == null) {
      throw new IllegalArgumentException("'text' cannot be null.");
    }
    String escaped = escape(text);
    if (escaped.length() <= MAX_ESCAPED_LENGTH) {
      return escaped;
    }
    return escaped.substring(0, safeCut(escaped, KEPT_PREFIX_LENGTH)) + "~" + sha256Hex(text);
  }

  /**
   * The escaped form of a key prefix, for a range query: every key of a text that starts with
   * {@code text} starts with it, shortened keys included, as long as it fits within the part a
   * shortened key keeps. Empty when it does not.
   */
  public static Optional<String> prefix(String text) {
    String escaped = escape(text);
    // A shortened key keeps at least its first 317 units: 320, less an escape or a surrogate pair cut short.
    return escaped.length() <= KEPT_PREFIX_LENGTH - 3 ? Optional.of(escaped) : Optional.empty();
  }

  /**
   * Reverses the escaping of a key that was not shortened.
   *
   * @throws IllegalArgumentException if {@code key} holds a {@code %} not followed by two hex digits
   */
  public static String unescape(String key) {
    StringBuilder out = new StringBuilder(key.length());
    ByteArrayOutputStream pending = new ByteArrayOutputStream();
    int i = 0;
    while (i < key.length()) {
      char c = key.charAt(i);
      if (c == '%') {
        if (i + 3 > key.length()) {
          throw new IllegalArgumentException("'key' has a truncated escape at index " + i);
        }
        pending.write(HexFormat.fromHexDigits(key, i + 1, i + 3));
        i += 3;
        continue;
      }
      // A run of %XX escapes is one UTF-8 byte sequence; flush it before a plain character.
      flush(pending, out);
      out.append(c);
      i++;
    }
    flush(pending, out);
    return out.toString();
  }

  private static void flush(ByteArrayOutputStream pending, StringBuilder out) {
    if (pending.size() > 0) {
      out.append(pending.toString(StandardCharsets.UTF_8));
      pending.reset();
    }
  }

  /** Whether {@code c} must be escaped: {@code / \ # ? %} and the C0/C1 control characters. */
  static boolean mustEscape(int codePoint) {
    return codePoint == '/'
        || codePoint == '\\'
        || codePoint == '#'
        || codePoint == '?'
        || codePoint == '%'
        || codePoint <= 0x1F
        || (codePoint >= 0x7F && codePoint <= 0x9F);
  }

  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    text.codePoints()
        .forEach(
            cp -> {
              if (mustEscape(cp)) {
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                  out.append('%').append(HEX_UPPER.toHexDigits(b));
                }
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.toString();
  }

  /** The largest cut ≤ {@code limit} that splits neither a {@code %XX} nor a surrogate pair. */
  private static int safeCut(String escaped, int limit) {
    int cut = limit;
    if (escaped.charAt(cut - 1) == '%') {
      cut -= 1;
    } else if (cut >= 2 && escaped.charAt(cut - 2) == '%') {
      cut -= 2;
    }
    if (Character.isHighSurrogate(escaped.charAt(cut - 1))) {
      cut -= 1;
    }
    return cut;
  }

  private static String sha256Hex(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
