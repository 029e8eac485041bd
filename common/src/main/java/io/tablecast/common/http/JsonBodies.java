package io.tablecast.common.http;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.javalin.http.Context;
import io.tablecast.common.config.HttpSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads JSON request bodies strictly and within bounds (SPEC §5, §9).
 *
 * <ul>
 *   <li>A content type other than {@code application/json} gets 415.
 *   <li>A body over the service's limit (64 KiB unless configured, {@link HttpSettings}) gets
 *       413. It is refused from its {@code Content-Length} before any byte is read (by
 *       {@link HttpService}, before any handler), or as soon as the limit + 1st byte arrives;
 *       never buffered whole. The rest is read and discarded up to {@value #DRAIN_LIMIT_BYTES}
 *       bytes so that the client receives the 413 instead of a reset connection, unless the
 *       client waits for {@code 100 Continue} before sending it: then nothing is read.
 *   <li>A body that cannot be read to its end (broken chunked framing, an early end) gets 400.
 *   <li>Malformed JSON, unknown fields and wrong JSON types get 400, with the field named.
 * </ul>
 *
 * Error details never carry Java class names or stack traces.
 */
public final class JsonBodies {

  static final long DRAIN_LIMIT_BYTES = 8L * 1024 * 1024;
  private static final String LIMIT_ATTRIBUTE = "tablecast.maxBodyBytes";

  private static final Logger log = LoggerFactory.getLogger(JsonBodies.class);

  private JsonBodies() {}

  /** Reads the body as {@code type}, or ends the request with the matching 4xx problem. */
  public static <T> T read(Context ctx, Class<T> type) {
    requireJsonContentType(ctx);
    return parseObject(readBounded(ctx), type);
  }

  /**
   * The top-level fields of a JSON object body that are explicitly {@code null}, which a parsed
   * record cannot tell from absent ones. Empty for anything that is not a JSON object.
   */
  public static java.util.Set<String> explicitNulls(byte[] body) {
    try {
      com.fasterxml.jackson.databind.JsonNode tree = Json.STRICT.readTree(body);
      java.util.Set<String> nulls = new java.util.TreeSet<>();
      if (tree != null && tree.isObject()) {
        tree.fields().forEachRemaining(f -> {
          if (f.getValue().isNull()) {
            nulls.add(f.getKey());
          }
        });
      }
      return nulls;
    } catch (IOException e) {
      return java.util.Set.of();
    }
  }

  /** Like {@link #parse} but the body must also not be empty or {@code null}. */
  public static <T> T parseObject(byte[] body, Class<T> type) {
    if (body.length == 0) {
      throw new ProblemException(
          ProblemType.MALFORMED_JSON, "The request body is empty; a JSON object is required.");
    }
    T value = parse(body, type);
    if (value == null) {
      throw new ProblemException(
          ProblemType.WRONG_TYPE, "The request body must be a JSON object, not null.");
    }
    return value;
  }

  public static void requireJsonContentType(Context ctx) {
    String contentType = ctx.contentType();
    String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].strip();
    if (!mediaType.equalsIgnoreCase("application/json")) {
      throw new ProblemException(
          ProblemType.UNSUPPORTED_MEDIA_TYPE,
          "The request body must have the media type application/json"
              + (contentType == null ? "." : ", not " + mediaType + "."));
    }
  }

  /**
   * Records the service's body limit on the request, for {@link #readBounded}, and refuses a
   * declared length over it at once: the size is known from the headers, so nothing needs reading.
   */
  static void limit(Context ctx, int maxBytes) {
    ctx.attribute(LIMIT_ATTRIBUTE, maxBytes);
    refuseDeclaredOverLimit(ctx, maxBytes);
  }

  /**
   * The body's bytes, at most the service's limit of them, or 413. A body that cannot be read to
   * its end (broken chunked framing, a connection that ends early) is the client's fault: 400,
   * never 500.
   */
  public static byte[] readBounded(Context ctx) {
    Integer limit = ctx.attribute(LIMIT_ATTRIBUTE);
    int max = limit == null ? HttpSettings.DEFAULT_MAX_BODY_BYTES : limit;
    refuseDeclaredOverLimit(ctx, max);
    try (InputStream in = ctx.req().getInputStream()) {
      byte[] body = in.readNBytes(max + 1);
      if (body.length > max) {
        drain(ctx);
        throw tooLarge(max);
      }
      return body;
    } catch (IOException e) {
      log.debug("Could not read the body of {} {}", ctx.method(), ctx.path(), e);
      throw new ProblemException(
          ProblemType.BAD_REQUEST,
          "The request body could not be read to its end: its framing is broken or the connection ended early.");
    }
  }

  /**
   * 413 for a declared length over {@code max}, after draining the body so that the client can
   * read the answer. A client that sent {@code Expect: 100-continue} has sent no body yet and will
   * send none unless asked: reading would ask for it, so then nothing is read.
   */
  private static void refuseDeclaredOverLimit(Context ctx, int max) {
    if (ctx.req().getContentLengthLong() > max) {
      if (!"100-continue".equalsIgnoreCase(ctx.header("Expect"))) {
        drain(ctx);
      }
      throw tooLarge(max);
    }
  }

  private static ProblemException tooLarge(int max) {
    return new ProblemException(ProblemType.PAYLOAD_TOO_LARGE, "The request body exceeds " + max + " bytes.");
  }

  /** Reads and discards what is left of an oversized body, so that the client receives the 413 instead of a reset. */
  private static void drain(Context ctx) {
    long drained = 0;
    byte[] sink = new byte[8192];
    int n;
    try {
      InputStream in = ctx.req().getInputStream();
      while (drained < DRAIN_LIMIT_BYTES && (n = in.read(sink)) > 0) {
        drained += n;
      }
    } catch (IOException gone) {
      // The client stopped sending; the 413 is still the answer, if it can be delivered.
      log.debug("The rest of an oversized body could not be drained", gone);
    }
  }

  /**
   * Parses a body strictly; 400 with the field named on any syntax or type problem.
   *
   * <p>Syntax errors are malformed JSON wherever the parser meets them: Jackson wraps those met
   * inside a field's value (an unterminated string, a raw control character, bytes that are not
   * UTF-8) in a mapping exception, which is unwrapped here. A second JSON value after the first
   * is malformed too, not a wrong type.
   */
  public static <T> T parse(byte[] body, Class<T> type) {
    JsonParser parser = null;
    try {
      parser = Json.STRICT.createParser(body);
      if (parser.nextToken() == null) {
        throw new ProblemException(
            ProblemType.MALFORMED_JSON, "The request body holds no JSON value.");
      }
      T value = Json.STRICT.readerFor(type).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValue(parser);
      if (parser.nextToken() != null) {
        throw new ProblemException(
            ProblemType.MALFORMED_JSON,
            "The request body has more after its JSON value (line "
                + parser.currentLocation().getLineNr() + ", column " + parser.currentLocation().getColumnNr() + ").");
      }
      return value;
    } catch (JsonMappingException e) {
      throw fromMapping(e, type);
    } catch (StreamConstraintsException e) {
      throw overLimit(e, topLevelField(parser), type);
    } catch (JsonProcessingException e) {
      throw fromSyntax(e, "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      closeQuietly(parser);
    }
  }

  /**
   * Over a limit inside a field's value (a number of more digits than any field holds, or nesting
   * deeper than any field has) is a problem of that field, as any value out of its range; over a
   * limit outside any field, the body is malformed.
   */
  private static ProblemException overLimit(StreamConstraintsException e, String field, Class<?> type) {
    return field.isEmpty() ? fromSyntax(e, "") : wrongType(field, jsonTypeOf(componentType(type, field)) + " within the limits");
  }

  /** The field of the top-level object whose value the parser is in; empty when none. */
  private static String topLevelField(JsonParser parser) {
    JsonStreamContext context = parser == null ? null : parser.getParsingContext();
    while (context != null && context.getParent() != null && !context.getParent().inRoot()) {
      context = context.getParent();
    }
    return context == null || !context.inObject() || context.getCurrentName() == null ? "" : context.getCurrentName();
  }

  private static void closeQuietly(JsonParser parser) {
    if (parser != null) {
      try {
        parser.close();
      } catch (IOException e) {
        // A parser over a byte array holds no resource worth reporting.
      }
    }
  }

  private static ProblemException fromMapping(JsonMappingException e, Class<?> type) {
    String field = path(e);
    if (e.getCause() instanceof StreamConstraintsException overLimit && !field.isEmpty()) {
      return overLimit(overLimit, field, type);
    }
    if (e.getCause() instanceof JsonProcessingException syntax && !(syntax instanceof JsonMappingException)) {
      return fromSyntax(syntax, field);
    }
    if (e instanceof UnrecognizedPropertyException) {
      return new ProblemException(
          ProblemType.UNKNOWN_FIELD,
          "Unknown field '" + field + "'.",
          List.of(new FieldError(field, "is not a known field")));
    }
    if (e instanceof InvalidNullException) {
      return new ProblemException(
          ProblemType.WRONG_TYPE, "'" + field + "' must not be null.", List.of(new FieldError(field, "must not be null")));
    }
    if (e instanceof MismatchedInputException mismatch) {
      return wrongType(field, jsonTypeOf(mismatch.getTargetType()));
    }
    return new ProblemException(ProblemType.WRONG_TYPE, "The JSON does not have the expected shape at '" + field + "'.");
  }

  /** A problem of the JSON text itself; {@code field} is where it was met, when known. */
  private static ProblemException fromSyntax(JsonProcessingException e, String field) {
    if (e instanceof StreamConstraintsException) {
      return new ProblemException(
          ProblemType.MALFORMED_JSON,
          "The JSON exceeds a limit: nesting deeper than " + Json.MAX_NESTING_DEPTH
              + " or a number longer than " + Json.MAX_NUMBER_LENGTH + " digits.");
    }
    if (e instanceof InputCoercionException coercion) {
      return wrongType(field.isEmpty() ? fieldOf(coercion) : field, "a number in range");
    }
    JsonLocation at = e.getLocation();
    return new ProblemException(
        ProblemType.MALFORMED_JSON,
        "The request body is not well-formed JSON"
            + (at == null ? "." : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")."));
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

  /** The declared type of a record's top-level field, or null when {@code field} names none. */
  private static Class<?> componentType(Class<?> type, String field) {
    if (!type.isRecord()) {
      return null;
    }
    for (java.lang.reflect.RecordComponent component : type.getRecordComponents()) {
      if (component.getName().equals(field)) {
        return component.getType() == java.util.Optional.class ? optionalType(component) : component.getType();
      }
    }
    return null;
  }

  private static Class<?> optionalType(java.lang.reflect.RecordComponent component) {
    if (component.getGenericType() instanceof java.lang.reflect.ParameterizedType optional
        && optional.getActualTypeArguments()[0] instanceof Class<?> inner) {
      return inner;
    }
    return null;
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
