package io.tablecast.common.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablecast.common.config.HttpSettings;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The two JSON mappers of the HTTP APIs.
 *
 * <p>{@link #STRICT} reads request bodies and refuses anything that is not exactly the
 * documented shape: unknown fields, duplicate keys, trailing tokens, numbers for strings or
 * strings for numbers, floats for integers, nesting deeper than 16 and numbers longer than 20
 * digits (SPEC §9: syntax is checked before semantics). {@link #WRITER} writes responses, with
 * times as ISO-8601 UTC with milliseconds ({@code 2026-11-25T22:44:37.595Z}).
 */
public final class Json {

  public static final int MAX_NESTING_DEPTH = 16;
  public static final int MAX_NUMBER_LENGTH = 20;

  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  public static final ObjectMapper STRICT = strict();
  public static final ObjectMapper WRITER = writer();

  private Json() {}

  /** Formats an instant the way every Tablecast response does. */
  public static String formatInstant(Instant instant) {
    return MILLIS.format(instant);
  }

  /**
   * The canonical text of a JSON document: object keys sorted, no insignificant whitespace, so
   * that two semantically equal bodies give the same text. Empty when it is not JSON.
   */
  public static java.util.Optional<String> canonical(byte[] json) {
    try {
      Object tree = STRICT.readValue(json, Object.class);
      return java.util.Optional.of(CANONICAL.writeValueAsString(tree));
    } catch (IOException e) {
      return java.util.Optional.empty();
    }
  }

  private static final ObjectMapper CANONICAL =
      JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

  private static ObjectMapper strict() {
    JsonFactory factory =
        JsonFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .maxStringLength(HttpSettings.MAX_BODY_BYTES_CEILING)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    JsonMapper mapper =
        JsonMapper.builder(factory)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .build();
    for (CoercionInputShape shape :
        new CoercionInputShape[] {
          CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
        }) {
      mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
    }
    mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    return mapper;
  }

  private static ObjectMapper writer() {
    SimpleModule instants = new SimpleModule("instants-with-millis");
    instants.addSerializer(
        Instant.class,
        new JsonSerializer<>() {
          @Override
          public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers)
              throws IOException {
            gen.writeString(formatInstant(value));
          }
        });
    return JsonMapper.builder()
        .addModule(new JavaTimeModule())
        .addModule(instants)
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .build();
  }
}
