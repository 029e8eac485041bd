package io.tablecast.commands.testdata;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The catalogue of hostile requests against the commands API, each with the status and problem
 * type it must get (SPEC §5, §9). Used by {@code BadInputIT}.
 */
public final class BadRequests {

  private static final String JSON = "application/json";

  private static final String HIRE = """
      {"employeeId":"7","departmentId":"Sales","firstName":"Bo","lastName":"Ek","email":"bo@x.io","age":40}""";

  private BadRequests() {}

  public static Stream<BadRequest> badRequests() {
    return Stream.of(malformed(), mediaTypes(), limits(), unknownFields(), wrongTypes(), missingFields(),
            ids(), controlCharacters(), ranges(), headers(), routing())
        .flatMap(s -> s);
  }

  /** Syntax: 400 malformed-json, before anything else is looked at. */
  static Stream<BadRequest> malformed() {
    return Stream.of(
        bad("truncated JSON", "POST", "/departments").json("{\"departmentId\":\"Hr\",\"name\":")
            .expect(400, "malformed-json"),
        bad("a trailing comma", "PUT", "/departments/Sales/manager").json("{\"employeeId\":\"5\",}")
            .expect(400, "malformed-json"),
        bad("unquoted field names", "PUT", "/departments/Ops/manager").json("{employeeId:\"5\"}")
            .expect(400, "malformed-json"),
        bad("trailing garbage after the object", "POST", "/employees").json(HIRE + "garbage")
            .expect(400, "malformed-json"),
        bad("a second JSON value after the object", "POST", "/employees").json(HIRE + " {}")
            .expect(400, "malformed-json"),
        bad("a duplicate key", "PATCH", "/employees/5").json("{\"age\":31,\"age\":32}")
            .expect(400, "malformed-json"),
        bad("an empty body where one is required", "POST", "/employees/5/transfer").json("")
            .expect(400, "malformed-json"),
        bad("a body of only whitespace", "POST", "/departments").json(" \r\n\t ")
            .expect(400, "malformed-json"),
        bad("a truncated optional body", "POST", "/employees/5/archive").json("{\"reason\":\"gone")
            .expect(400, "malformed-json"),
        bad("an unescaped control character in a string", "POST", "/departments")
            .json("{\"departmentId\":\"Hr\",\"name\":\"a\u0001b\"}")
            .expect(400, "malformed-json"),
        bad("bytes that are not UTF-8", "PATCH", "/employees/5")
            .bytes(concat("{\"firstName\":\"".getBytes(UTF_8), new byte[] {(byte) 0xFF, (byte) 0xFE}, "\"}".getBytes(UTF_8)))
            .expect(400, "malformed-json"),
        bad("a single quote string", "POST", "/employees/5/transfer").json("{'toDepartmentId':'Ops'}")
            .expect(400, "malformed-json"));
  }

  /** Anything but application/json: 415. */
  static Stream<BadRequest> mediaTypes() {
    return Stream.of(
        bad("text/plain", "POST", "/departments").json("{\"departmentId\":\"Hr\",\"name\":\"Hr\"}")
            .contentType("text/plain").expect(415, "unsupported-media-type"),
        bad("no content type", "POST", "/employees").json(HIRE)
            .contentType(null).expect(415, "unsupported-media-type"),
        bad("application/xml", "PUT", "/departments/Sales/manager").json("<employeeId>5</employeeId>")
            .contentType("application/xml").expect(415, "unsupported-media-type"),
        bad("a JSON look-alike media type", "PATCH", "/employees/5").json("{\"age\":31}")
            .contentType("application/json-patch+json").expect(415, "unsupported-media-type"),
        bad("a form on transfer", "POST", "/employees/5/transfer").json("toDepartmentId=Ops")
            .contentType("application/x-www-form-urlencoded").expect(415, "unsupported-media-type"),
        bad("text/plain on an optional body", "POST", "/employees/5/archive").json("{\"reason\":\"x\"}")
            .contentType("text/plain").expect(415, "unsupported-media-type"));
  }

  /** Parser limits: deep nesting and numbers that do not fit. */
  static Stream<BadRequest> limits() {
    String deepArray = "[".repeat(10_000) + "]".repeat(10_000);
    String deepObject = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);
    return Stream.of(
        bad("10,000 nested arrays as the body", "PATCH", "/employees/5").json(deepArray)
            .expect(400, "wrong-type"),
        bad("10,000 nested objects in a field", "POST", "/departments")
            .json("{\"departmentId\":\"Hr\",\"name\":" + deepObject + "}")
            .expect(400, "wrong-type", "name"),
        bad("age 1e400", "POST", "/employees").json(HIRE.replace("\"age\":40", "\"age\":1e400"))
            .expect(400, "wrong-type", "age"),
        bad("age with 30 digits", "PATCH", "/employees/5").json("{\"age\":123456789012345678901234567890}")
            .expect(400, "wrong-type", "age"),
        bad("age with 30 digits on a hire", "POST", "/employees").json(HIRE.replace("\"age\":40", "\"age\":123456789012345678901234567890"))
            .expect(400, "wrong-type", "age"),
        bad("age 99999999999, beyond 32 bits", "PATCH", "/employees/5").json("{\"age\":99999999999}")
            .expect(400, "wrong-type", "age"));
  }

  /** Fields that are not in the contract, such as table-storage system properties: 400. */
  static Stream<BadRequest> unknownFields() {
    return Stream.of(
        bad("PartitionKey on create department", "POST", "/departments")
            .json("{\"departmentId\":\"Hr\",\"name\":\"Hr\",\"PartitionKey\":\"Sales\"}")
            .expect(400, "unknown-field", "PartitionKey"),
        bad("RowKey on assign manager", "PUT", "/departments/Sales/manager")
            .json("{\"employeeId\":\"5\",\"RowKey\":\"x\"}")
            .expect(400, "unknown-field", "RowKey"),
        bad("PartitionKey on hire", "POST", "/employees")
            .json(HIRE.replace("{", "{\"PartitionKey\":\"Ops\","))
            .expect(400, "unknown-field", "PartitionKey"),
        bad("Version on change details", "PATCH", "/employees/5").json("{\"age\":31,\"Version\":9}")
            .expect(400, "unknown-field", "Version"),
        bad("ETag on transfer", "POST", "/employees/5/transfer").json("{\"toDepartmentId\":\"Ops\",\"ETag\":\"*\"}")
            .expect(400, "unknown-field", "ETag"),
        bad("a differently cased field on archive", "POST", "/employees/5/archive").json("{\"Reason\":\"x\"}")
            .expect(400, "unknown-field", "Reason"));
  }

  /** Well-formed JSON of the wrong shape: 400. */
  static Stream<BadRequest> wrongTypes() {
    return Stream.of(
        bad("age as a string", "POST", "/employees").json(HIRE.replace("\"age\":40", "\"age\":\"30\""))
            .expect(400, "wrong-type", "age"),
        bad("age 30.5", "PATCH", "/employees/5").json("{\"age\":30.5}")
            .expect(400, "wrong-type", "age"),
        bad("a name as a number", "POST", "/departments").json("{\"departmentId\":\"Hr\",\"name\":42}")
            .expect(400, "wrong-type", "name"),
        bad("employeeId as the number 42", "PUT", "/departments/Sales/manager").json("{\"employeeId\":42}")
            .expect(400, "wrong-type", "employeeId"),
        bad("a name as an object", "PATCH", "/employees/5").json("{\"lastName\":{\"x\":1}}")
            .expect(400, "wrong-type", "lastName"),
        bad("a body that is an array", "POST", "/departments").json("[]")
            .expect(400, "wrong-type"),
        bad("a body that is a string", "POST", "/employees/5/transfer").json("\"x\"")
            .expect(400, "wrong-type"),
        bad("a body that is null", "POST", "/employees/5/archive").json("null")
            .expect(400, "wrong-type"),
        bad("a body that is a number", "PUT", "/departments/Sales/manager").json("5")
            .expect(400, "wrong-type"),
        bad("reason as a boolean", "POST", "/employees/5/archive").json("{\"reason\":true}")
            .expect(400, "wrong-type", "reason"));
  }

  /** Absent and null fields: 422 naming every one of them. */
  static Stream<BadRequest> missingFields() {
    return Stream.of(
        bad("an empty hire", "POST", "/employees").json("{}")
            .expect(422, "validation-failed", "employeeId", "departmentId", "firstName", "lastName", "email", "age"),
        bad("a hire missing four fields", "POST", "/employees").json("{\"employeeId\":\"7\",\"firstName\":\"Bo\"}")
            .expect(422, "validation-failed", "departmentId", "lastName", "email", "age"),
        bad("an empty department", "POST", "/departments").json("{}")
            .expect(422, "validation-failed", "departmentId", "name"),
        bad("an assignment without employeeId", "PUT", "/departments/Sales/manager").json("{}")
            .expect(422, "validation-failed", "employeeId"),
        bad("a transfer without toDepartmentId", "POST", "/employees/5/transfer").json("{}")
            .expect(422, "validation-failed", "toDepartmentId"),
        bad("an explicit null in a PATCH", "PATCH", "/employees/5").json("{\"firstName\":null}")
            .expect(422, "validation-failed", "firstName"),
        bad("two explicit nulls in a PATCH", "PATCH", "/employees/5").json("{\"age\":null,\"email\":null}")
            .expect(422, "validation-failed", "age", "email"),
        bad("an explicit null on hire", "POST", "/employees").json(HIRE.replace("\"bo@x.io\"", "null"))
            .expect(422, "validation-failed", "email"));
  }

  /** Ids that cannot exist: 422 in a body, 404 in the URL (SPEC §2, §9). */
  static Stream<BadRequest> ids() {
    return Stream.of(
        bad("employeeId of 9 digits", "POST", "/employees").json(HIRE.replace("\"7\"", "\"123456789\""))
            .expect(422, "validation-failed", "employeeId"),
        bad("employeeId 12a", "POST", "/employees").json(HIRE.replace("\"7\"", "\"12a\""))
            .expect(422, "validation-failed", "employeeId"),
        bad("an empty employeeId", "PUT", "/departments/Sales/manager").json("{\"employeeId\":\"\"}")
            .expect(422, "validation-failed", "employeeId"),
        bad("departmentId 1abc", "POST", "/departments").json("{\"departmentId\":\"1abc\",\"name\":\"x\"}")
            .expect(422, "validation-failed", "departmentId"),
        bad("departmentId with a space", "POST", "/employees/5/transfer").json("{\"toDepartmentId\":\"a b\"}")
            .expect(422, "validation-failed", "toDepartmentId"),
        bad("departmentId of 65 characters", "POST", "/employees")
            .json(HIRE.replace("\"Sales\"", "\"D" + "x".repeat(64) + "\""))
            .expect(422, "validation-failed", "departmentId"),
        bad("/employees/12a/archive", "POST", "/employees/12a/archive").json("{}")
            .expect(404, "not-found"),
        bad("/employees/123456789", "PATCH", "/employees/123456789").json("{\"age\":31}")
            .expect(404, "not-found"),
        bad("/departments/1x/manager", "PUT", "/departments/1x/manager").json("{\"employeeId\":\"5\"}")
            .expect(404, "not-found"),
        bad("/employees/-5/transfer", "POST", "/employees/-5/transfer").json("{\"toDepartmentId\":\"Ops\"}")
            .expect(404, "not-found"));
  }

  /** Control characters and lone surrogates in text fields: 422 (SPEC §9). */
  static Stream<BadRequest> controlCharacters() {
    return Stream.of(
        bad("U+0000 in a department name", "POST", "/departments").json("{\"departmentId\":\"Hr\",\"name\":\"H\\u0000r\"}")
            .expect(422, "validation-failed", "name"),
        bad("U+001F in a first name", "POST", "/employees").json(HIRE.replace("\"Bo\"", "\"B\\u001fo\""))
            .expect(422, "validation-failed", "firstName"),
        bad("a raw U+007F in a last name", "PATCH", "/employees/5").json("{\"lastName\":\"Le\u007Fe\"}")
            .expect(422, "validation-failed", "lastName"),
        bad("a raw U+0085 in a reason", "POST", "/employees/5/archive").json("{\"reason\":\"moved\u0085on\"}")
            .expect(422, "validation-failed", "reason"),
        bad("U+0000 in a reason", "POST", "/employees/5/archive").json("{\"reason\":\"\\u0000\"}")
            .expect(422, "validation-failed", "reason"),
        bad("a lone high surrogate in a first name", "PATCH", "/employees/5").json("{\"firstName\":\"A\\ud800\"}")
            .expect(422, "validation-failed", "firstName"),
        bad("a lone low surrogate in a reason", "POST", "/employees/5/archive").json("{\"reason\":\"\\udc00x\"}")
            .expect(422, "validation-failed", "reason"),
        bad("a lone surrogate in a department name", "POST", "/departments")
            .json("{\"departmentId\":\"Hr\",\"name\":\"\\ud800\"}")
            .expect(422, "validation-failed", "name"));
  }

  /** Numbers and lengths out of range, and malformed emails: 422 (SPEC §9). */
  static Stream<BadRequest> ranges() {
    String email255 = "a".repeat(255 - "@x.io".length()) + "@x.io";
    return Stream.of(
        bad("age 15", "POST", "/employees").json(HIRE.replace("\"age\":40", "\"age\":15"))
            .expect(422, "validation-failed", "age"),
        bad("age 121", "PATCH", "/employees/5").json("{\"age\":121}")
            .expect(422, "validation-failed", "age"),
        bad("age -1", "PATCH", "/employees/5").json("{\"age\":-1}")
            .expect(422, "validation-failed", "age"),
        bad("a department name of 201 characters", "POST", "/departments")
            .json("{\"departmentId\":\"Hr\",\"name\":\"" + "n".repeat(201) + "\"}")
            .expect(422, "validation-failed", "name"),
        bad("a last name of 201 characters", "POST", "/employees").json(HIRE.replace("\"Ek\"", "\"" + "e".repeat(201) + "\""))
            .expect(422, "validation-failed", "lastName"),
        bad("an empty first name", "PATCH", "/employees/5").json("{\"firstName\":\"\"}")
            .expect(422, "validation-failed", "firstName"),
        bad("an email of 255 characters", "POST", "/employees").json(HIRE.replace("bo@x.io", email255))
            .expect(422, "validation-failed", "email"),
        bad("a reason of 501 characters", "POST", "/employees/5/archive").json("{\"reason\":\"" + "r".repeat(501) + "\"}")
            .expect(422, "validation-failed", "reason"),
        bad("an email without @", "PATCH", "/employees/5").json("{\"email\":\"ann.x.io\"}")
            .expect(422, "validation-failed", "email"),
        bad("an email with two @", "PATCH", "/employees/5").json("{\"email\":\"ann@b@x.io\"}")
            .expect(422, "validation-failed", "email"),
        bad("an email with whitespace", "POST", "/employees").json(HIRE.replace("bo@x.io", "bo @x.io"))
            .expect(422, "validation-failed", "email"),
        bad("an email with an empty domain", "PATCH", "/employees/5").json("{\"email\":\"ann@\"}")
            .expect(422, "validation-failed", "email"),
        bad("every field of a hire invalid at once", "POST", "/employees").json("""
            {"employeeId":"x","departmentId":"1","firstName":"","lastName":"\\u0000","email":"@","age":200}""")
            .expect(422, "validation-failed", "employeeId", "departmentId", "firstName", "lastName", "email", "age"));
  }

  /** Malformed If-Match and Idempotency-Key headers: 400. */
  static Stream<BadRequest> headers() {
    return Stream.of(
        bad("If-Match abc", "PATCH", "/employees/5").json("{\"age\":31}").header("If-Match", "abc")
            .expect(400, "invalid-if-match"),
        bad("If-Match \"x\"", "PATCH", "/employees/5").json("{\"age\":31}").header("If-Match", "\"x\"")
            .expect(400, "invalid-if-match"),
        bad("If-Match 1, unquoted", "PATCH", "/employees/5").json("{\"age\":31}").header("If-Match", "1")
            .expect(400, "invalid-if-match"),
        bad("If-Match \"-1\" on transfer", "POST", "/employees/5/transfer").json("{\"toDepartmentId\":\"Ops\"}")
            .header("If-Match", "\"-1\"").expect(400, "invalid-if-match"),
        bad("If-Match with 19 digits on archive", "POST", "/employees/5/archive").json("{}")
            .header("If-Match", "\"1234567890123456789\"").expect(400, "invalid-if-match"),
        bad("an Idempotency-Key with a space", "POST", "/employees").json(HIRE)
            .header("Idempotency-Key", "hire 7").expect(400, "invalid-idempotency-key"),
        bad("an Idempotency-Key of 129 characters", "PUT", "/departments/Ops/manager").json("{\"employeeId\":\"5\"}")
            .header("Idempotency-Key", "k".repeat(129)).expect(400, "invalid-idempotency-key"),
        bad("an empty Idempotency-Key", "POST", "/departments").json("{\"departmentId\":\"Hr\",\"name\":\"Hr\"}")
            .header("Idempotency-Key", "").expect(400, "invalid-idempotency-key"));
  }

  /** Routes that do not exist and methods a route does not have, as problems too. */
  static Stream<BadRequest> routing() {
    return Stream.of(
        bad("an unknown route", "GET", "/nowhere").expect(404, "not-found"),
        bad("an unknown sub-route of an employee", "POST", "/employees/5/promote").json("{}").expect(404, "not-found"),
        bad("a trailing slash", "POST", "/departments/").json("{\"departmentId\":\"Hr\",\"name\":\"Hr\"}")
            .expect(404, "not-found"),
        bad("GET /employees", "GET", "/employees").expect(405, "method-not-allowed"),
        bad("DELETE /departments", "DELETE", "/departments").expect(405, "method-not-allowed"),
        bad("PUT /employees/5", "PUT", "/employees/5").json("{\"age\":31}").expect(405, "method-not-allowed"),
        bad("GET /employees/5/archive", "GET", "/employees/5/archive").expect(405, "method-not-allowed"));
  }

  /** HTTP that is malformed below the JSON: refused by Jetty or while reading, never with HTML or 500. */
  public static Stream<RawRequest> badHttp() {
    String json = "Content-Type: application/json\r\n";
    return Stream.of(
        raw("a non-ASCII Idempotency-Key (UTF-8 bytes)", "POST /employees/5/archive",
            json + "Idempotency-Key: cl\u00c3\u00a9\r\n", "{}").expect(400, "invalid-idempotency-key"),
        raw("a tab inside an Idempotency-Key", "PATCH /employees/5",
            json + "Idempotency-Key: a\tb\r\n", "{\"age\":31}").expect(400, "invalid-idempotency-key"),
        raw("a URL with broken percent-encoding", "POST /employees/%zz/archive", json, "{}")
            .expect(400, "bad-request"),
        raw("an encoded slash in an id", "POST /employees/5%2F6/transfer", json, "{\"toDepartmentId\":\"Ops\"}")
            .expect(404, "not-found"),
        raw("headers over 8 KiB", "POST /departments",
            json + "Idempotency-Key: " + "k".repeat(20_000) + "\r\n", "{\"departmentId\":\"Hr\",\"name\":\"Hr\"}")
            .expect(431, "request-header-fields-too-large"),
        raw("a URI over 8 KiB", "POST /employees/" + "5".repeat(10_000) + "/archive", json, "{}")
            .expect(414, "uri-too-long"),
        raw("a Content-Length over 64 KiB, waiting for 100 Continue: refused before the body is asked for",
            head("POST /employees", json + "Content-Length: 1048576\r\nExpect: 100-continue\r\n", ""))
            .expect(413, "payload-too-large"),
        raw("a Content-Length that is not a number",
            head("PUT /departments/Sales/manager", json + "Content-Length: abc\r\n", "{\"employeeId\":\"5\"}"))
            .expect(400, "bad-request"),
        raw("two Content-Lengths",
            head("POST /departments", json + "Content-Length: 2\r\nContent-Length: 3\r\n", "{}"))
            .expect(400, "bad-request"),
        raw("Content-Length together with chunked",
            head("POST /employees", json + "Content-Length: 7\r\nTransfer-Encoding: chunked\r\n", "2\r\n{}\r\n0\r\n\r\n"))
            .expect(400, "bad-request"),
        raw("broken chunked framing",
            head("POST /employees/5/transfer", json + "Transfer-Encoding: chunked\r\n", "zz\r\n{}\r\n0\r\n\r\n"))
            .expect(400, "bad-request"),
        raw("no Host header",
            ("POST /departments HTTP/1.1\r\n" + json + "Content-Length: 2\r\nConnection: close\r\n\r\n{}")
                .getBytes(StandardCharsets.ISO_8859_1))
            .expect(400, "bad-request"),
        raw("not HTTP at all", "GARBAGE\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1))
            .expect(400, "bad-request"));
  }

  // ---------------------------------------------------------------------------------------------

  private static byte[] concat(byte[]... parts) {
    int length = Arrays.stream(parts).mapToInt(p -> p.length).sum();
    byte[] all = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    return all;
  }

  /** A request line, extra header lines and a body, as HTTP/1.1 with a matching Content-Length. */
  private static RawRequest raw(String name, String requestLine, String headers, String body) {
    byte[] content = body.getBytes(UTF_8);
    return raw(name, head(requestLine, headers + "Content-Length: " + content.length + "\r\n", body));
  }

  private static RawRequest raw(String name, byte[] bytes) {
    return new RawRequest(name, bytes, 0, null);
  }

  /** The bytes of a request; header text is sent as ISO-8859-1, one byte per char. */
  private static byte[] head(String requestLine, String headers, String body) {
    return concat(
        (requestLine + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + headers + "\r\n")
            .getBytes(StandardCharsets.ISO_8859_1),
        body.getBytes(UTF_8));
  }

  private static BadRequest bad(String name, String method, String path) {
    return new BadRequest(name, method, path, null, null, Map.of(), 0, null, Set.of());
  }

  /**
   * One hostile request and the problem it must get.
   *
   * @param body {@code null} for no body at all
   * @param contentType {@code null} for no {@code Content-Type} header
   */
  public record BadRequest(String name, String method, String path, byte[] body, String contentType,
      Map<String, String> headers, int status, String type, Set<String> fields) {

    BadRequest json(String text) {
      return bytes(text.getBytes(UTF_8));
    }

    BadRequest bytes(byte[] content) {
      return new BadRequest(name, method, path, content, JSON, headers, status, type, fields);
    }

    BadRequest contentType(String value) {
      return new BadRequest(name, method, path, body, value, headers, status, type, fields);
    }

    BadRequest header(String header, String value) {
      Map<String, String> more = new LinkedHashMap<>(headers);
      more.put(header, value);
      return new BadRequest(name, method, path, body, contentType, Map.copyOf(more), status, type, fields);
    }

    BadRequest expect(int expectedStatus, String slug, String... namedFields) {
      return new BadRequest(name, method, path, body, contentType, headers, expectedStatus, slug, Set.of(namedFields));
    }

    public BodyPublisher publisher() {
      return body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(body);
    }

    @Override
    public String toString() {
      return method + " " + path + ": " + name + " -> " + status + " " + type;
    }
  }

  /** Bytes that are (or are meant to be) an HTTP/1.1 request, and the problem they must get. */
  public record RawRequest(String name, byte[] bytes, int status, String type) {

    RawRequest expect(int expectedStatus, String slug) {
      return new RawRequest(name, bytes, expectedStatus, slug);
    }

    @Override
    public String toString() {
      return name + " -> " + status + " " + type;
    }
  }
}
