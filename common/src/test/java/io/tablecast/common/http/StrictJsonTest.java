package io.tablecast.common.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StrictJsonTest {

  record Person(String name, Integer age, List<String> tags) {}

  private static ProblemException rejectionOf(String json) {
    return catchThrowableOfType(
        ProblemException.class,
        () -> JsonBodies.parse(json.getBytes(StandardCharsets.UTF_8), Person.class));
  }

  @Test
  void readsTheDocumentedShape() {
    Person p = JsonBodies.parse("{\"name\":\"Ann\",\"age\":30}".getBytes(StandardCharsets.UTF_8), Person.class);
    assertThat(p).isEqualTo(new Person("Ann", 30, null));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "{\"name\":\"Ann\" => malformed-json",
        "{\"name\":\"Ann\",} => malformed-json",
        "not json => malformed-json",
        "{\"name\":\"Ann\"} trailing => malformed-json",
        "{\"name\":\"A\",\"name\":\"B\"} => malformed-json",
        "{\"name\":\"Ann\",\"PartitionKey\":\"x\"} => unknown-field",
        "{\"Version\":3} => unknown-field",
        "{\"name\":42} => wrong-type",
        "{\"name\":true} => wrong-type",
        "{\"name\":{}} => wrong-type",
        "{\"age\":\"30\"} => wrong-type",
        "{\"age\":30.5} => wrong-type",
        "{\"age\":99999999999} => wrong-type",
        "{\"age\":123456789012345678901234567890} => wrong-type",
        "{\"age\":1e400} => wrong-type",
        "{\"name\":\"Ann\"} {} => malformed-json",
        "{\"name\":\"An => malformed-json",
        "[] => wrong-type"
      })
  void refusesAnythingButTheDocumentedShapeWith400(String json, String slug) {
    ProblemException e = rejectionOf(json);
    assertThat(e).as("rejection of %s", json).isNotNull();
    assertThat(e.type().status()).isEqualTo(400);
    assertThat(e.type().slug()).isEqualTo(slug);
  }

  @Test
  void refusesHugelyNestedInputWith400WithoutRecursingIntoIt() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    for (String json : List.of(deep, "{\"tags\":" + deep + "}", "{\"other\":" + deep + "}")) {
      ProblemException e = rejectionOf(json);
      assertThat(e.type().status()).isEqualTo(400);
    }
  }

  @Test
  void aRawControlCharacterInsideAStringIsASyntaxError() {
    ProblemException e = rejectionOf("{\"name\":\"a\u0001b\"}");
    assertThat(e.type().slug()).isEqualTo("malformed-json");
  }

  @Test
  void bytesThatAreNotUtf8AreASyntaxError() {
    byte[] latin1 = "{\"name\":\"M\u00fcller\"}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    ProblemException e = catchThrowableOfType(ProblemException.class, () -> JsonBodies.parse(latin1, Person.class));
    assertThat(e.type().slug()).isEqualTo("malformed-json");
  }

  @Test
  void aNumberTooLargeForAnIntegerNamesItsField() {
    ProblemException e = rejectionOf("{\"age\":99999999999}");
    assertThat(e.problem().errors()).extracting(FieldError::field).containsExactly("age");
  }

  @Test
  void findsExplicitNullsAtTheTopLevel() {
    assertThat(JsonBodies.explicitNulls("{\"a\":null,\"b\":1,\"c\":{\"d\":null}}".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .containsExactly("a");
    assertThat(JsonBodies.explicitNulls("[null]".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEmpty();
  }

  @Test
  void canonicalJsonIgnoresKeyOrderAndWhitespace() {
    assertThat(Json.canonical("{ \"b\": [1, {\"y\":2,\"x\":1}], \"a\": \"s\" }".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .isEqualTo(Json.canonical("{\"a\":\"s\",\"b\":[1,{\"x\":1,\"y\":2}]}".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .isPresent();
    assertThat(Json.canonical("{not json".getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEmpty();
  }

  @Test
  void namesTheUnknownField() {
    ProblemException e = rejectionOf("{\"name\":\"Ann\",\"PartitionKey\":\"x\"}");
    assertThat(e.problem().errors()).extracting(FieldError::field).containsExactly("PartitionKey");
  }

  @Test
  void namesTheFieldOfTheWrongType() {
    ProblemException e = rejectionOf("{\"age\":\"thirty\"}");
    assertThat(e.problem().errors()).extracting(FieldError::field).containsExactly("age");
    assertThat(e.getMessage()).isEqualTo("'age' must be a JSON integer.");
  }

  @Test
  void neverLeaksJavaClassNamesInDetails() {
    for (String json : List.of("{\"age\":\"x\"}", "{\"name\":1}", "[]", "{\"tags\":\"x\"}", "{\"age\":99999999999}")) {
      ProblemException e = rejectionOf(json);
      assertThat(e.getMessage()).doesNotContain("java.", "`", "Exception", "io.tablecast");
    }
  }

  @Test
  void writesInstantsInUtcWithMilliseconds() throws Exception {
    assertThat(Json.WRITER.writeValueAsString(Instant.parse("2026-11-25T22:44:37Z")))
        .isEqualTo("\"2026-11-25T22:44:37.000Z\"");
    assertThat(Json.WRITER.writeValueAsString(Instant.parse("2026-11-25T22:44:37.595123Z")))
        .isEqualTo("\"2026-11-25T22:44:37.595Z\"");
  }
}
