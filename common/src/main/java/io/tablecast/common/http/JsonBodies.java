package io.tablecast.common.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads JSON request bodies strictly and within bounds (SPEC §5, §9).
 *
 * <ul>
 *   <li>A content type other than {@code application/json} gets 415.
 *   <li>A body over 64 KiB gets 413. It is refused from its {@code Content-Length} before any
 *       byte is read, or as soon as the 64 KiB + 1st byte arrives; never buffered whole. The rest
 *       is read and discarded up to {@value #DRAIN_LIMIT_BYTES} bytes so that the client receives
 *       the 413 instead of a reset connection.
 *   <li>Malformed JSON, unknown fields and wrong JSON types get 400, with the field named.
 * </ul>
 *
 * Error details never carry Java class names or stack traces.
 */
public final class JsonBodies {

  public static final int MAX_BODY_BYTES = 64 * 1024;
  static final long DRAIN_LIMIT_BYTES = 8L * 1024 * 1024;

  private JsonBodies() {}

  /** Reads the body as {@code type}, or ends the request with the matching 4xx problem. */
  public static <T> T read(Context ctx, Class<T> type) {
    requireJsonContentType(ctx);
    byte[] body = readBounded(ctx);
    if (body.length == 0) {
      throw new ProblemException(
          ProblemType.MALFORMED_JSON, "The request body is empty; a JSON object is required.");
    }
    return parseObject(body, type);
  }

  /** For commands whose body is optional: no bytes at all means no body, whatever the headers. */
  public static <T> Optional<T> readIfPresent(Context ctx, Class<T> type) {
    byte[] body = readBounded(ctx);
    if (body.length == 0) {
      return Optional.empty();
    }
    requireJsonContentType(ctx);
    return Optional.of(parseObject(body, type));
  }

  private static <T> T parseObject(byte[] body, Class<T> type) {
    T value = parse(body, type);
    if (value == null) {
      throw new ProblemException(
          ProblemType.WRONG_TYPE, "The request body must be a JSON object, not null.");
    }
    return value;
  }

  static void requireJsonContentType(Context ctx) {
    String contentType = ctx.contentType();
    String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].strip();
    if (!mediaType.equalsIgnoreCase("application/json")) {
      throw new ProblemException(
          ProblemType.UNSUPPORTED_MEDIA_TYPE,
          "The request body must have the media type application/json"
              + (contentType == null ? "." : ", not " + mediaType + "."));
    }
  }

  static byte[] readBounded(Context ctx) {
    long declared = ctx.req().getContentLengthLong();
    try (InputStream in = ctx.req().getInputStream()) {
      if (declared > MAX_BODY_BYTES) {
        throw tooLarge(in);
      }
      byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
      if (body.length > MAX_BODY_BYTES) {
        throw tooLarge(in);
      }
      return body;
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the request body", e);
    }
  }

  private static ProblemException tooLarge(InputStream in) throws IOException {
    long drained = 0;
    byte[] sink = new byte[8192];
    int n;
    while (drained < DRAIN_LIMIT_BYTES && (n = in.read(sink)) > 0) {
      drained += n;
    }
    return new ProblemException(
        ProblemType.PAYLOAD_TOO_LARGE, "The request body exceeds " + MAX_BODY_BYTES + " bytes.");
  }

  static <T> T parse(byte[] body, Class<T> type) {
    try {
      return Json.STRICT.readValue(body, type);
    } catch (UnrecognizedPropertyException e) {
      String field = path(e);
      throw new ProblemException(
          ProblemType.UNKNOWN_FIELD,
          "Unknown field '" + field + "'.",
          List.of(new FieldError(field, "is not a known field")));
    } catch (StreamConstraintsException e) {
      throw new ProblemException(
          ProblemType.MALFORMED_JSON,
          "The JSON exceeds a limit: nesting deeper than " + Json.MAX_NESTING_DEPTH
              + " or a number longer than " + Json.MAX_NUMBER_LENGTH + " digits.");
    } catch (InputCoercionException e) {
      throw wrongType(fieldOf(e), "a number in range");
    } catch (MismatchedInputException e) {
      throw wrongType(path(e), jsonTypeOf(e.getTargetType()));
    } catch (JsonMappingException e) {
      throw new ProblemException(ProblemType.WRONG_TYPE, "The JSON does not have the expected shape at '" + path(e) + "'.");
    } catch (JsonProcessingException e) {
      throw new ProblemException(
          ProblemType.MALFORMED_JSON,
          "The request body is not well-formed JSON (line "
              + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ").");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ProblemException wrongType(String field, String expected) {
    String where = field.isEmpty() ? "The request body" : "'" + field + "'";
    return new ProblemException(
        ProblemType.WRONG_TYPE,
        where + " must be " + expected + ".",
        field.isEmpty() ? List.of() : List.of(new FieldError(field, "must be " + expected)));
  }

  private static String fieldOf(InputCoercionException e) {
    try {
      String name = e.getProcessor() == null ? null : e.getProcessor().currentName();
      return name == null ? "" : name;
    } catch (IOException unreadable) {
      return "";
    }
  }

  static String path(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  private static String jsonTypeOf(Class<?> target) {
    if (target == null) {
      return "of another JSON type";
    }
    if (CharSequence.class.isAssignableFrom(target)) {
      return "a JSON string";
    }
    if (target == Integer.class || target == int.class || target == Long.class || target == long.class) {
      return "a JSON integer";
    }
    if (target == Boolean.class || target == boolean.class) {
      return "a JSON boolean";
    }
    if (Collection.class.isAssignableFrom(target) || target.isArray()) {
      return "a JSON array";
    }
    if (Map.class.isAssignableFrom(target) || target.isRecord()) {
      return "a JSON object";
    }
    return "of another JSON type";
  }
}
