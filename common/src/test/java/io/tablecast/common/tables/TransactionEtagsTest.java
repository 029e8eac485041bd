package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class TransactionEtagsTest {

  private static final String INSERTED = "W/\"datetime'2026-11-29T11%3A26%3A00.3848508Z'\"";
  private static final String REPLACED = "W/\"datetime'2026-11-29T11%3A26%3A00.4Z'\"";

  /** An answer as Azurite and the service write it: an insert, a delete, a replace. */
  private static final String ANSWER = "--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n"
      + subResponse("Location: http://127.0.0.1/devstoreaccount1/t(PartitionKey='P',RowKey='a')", "ETag: " + INSERTED)
      + subResponse()
      + subResponse("etag: " + REPLACED)
      + "--changesetresponse_2--\r\n--batchresponse_1--\r\n";

  @Test
  void theEtagsOfASubResponseEachAreReadInTheOrderOfTheOperationsWithNoneForADelete() {
    assertThat(TransactionEtags.parse(ANSWER)).isEqualTo(Arrays.asList(INSERTED, null, REPLACED));
  }

  @Test
  void anAnswerWithoutSubResponsesGivesNoEtag() {
    assertThat(TransactionEtags.parse("")).isEmpty();
  }

  @Test
  void anEtagWrittenInASubResponsesBodyIsNotItsHeader() {
    String answer = "--b\r\n\r\nHTTP/1.1 201 Created\r\nContent-Type: application/json\r\n\r\n{\"x\":1}\r\n"
        + "ETag: W/\"not-a-header\"\r\n--b\r\n\r\nHTTP/1.1 204 No Content\nETag: " + REPLACED + "\n\n--b--";
    assertThat(TransactionEtags.parse(answer)).isEqualTo(Arrays.asList(null, REPLACED));
  }

  /** One sub-response as generated: its ETag, if any, and how it is written. */
  record Generated(Optional<String> etag, String headerName, String lineEnd, String body) {
    String text() {
      String headers = "X-Content-Type-Options: nosniff" + lineEnd
          + etag.map(e -> headerName + ": " + e + lineEnd).orElse("") + "DataServiceVersion: 3.0;" + lineEnd;
      return "--changesetresponse_2" + lineEnd + "Content-Type: application/http" + lineEnd + lineEnd
          + "HTTP/1.1 " + (etag.isPresent() ? "201 Created" : "204 No Content") + lineEnd + headers + lineEnd + body + lineEnd;
    }
  }

  @Property
  void everySubResponseGivesItsOwnEtagOrNoneWhateverItsCaseLineEndsAndBody(@ForAll("answers") List<Generated> subResponses) {
    StringBuilder answer = new StringBuilder("--batchresponse_1\r\nContent-Type: multipart/mixed; boundary=changesetresponse_2\r\n\r\n");
    subResponses.forEach(r -> answer.append(r.text()));
    answer.append("--changesetresponse_2--\r\n--batchresponse_1--\r\n");

    List<String> expected = new ArrayList<>();
    subResponses.forEach(r -> expected.add(r.etag().orElse(null)));
    assertThat(TransactionEtags.parse(answer.toString())).isEqualTo(expected);
  }

  @Provide
  Arbitrary<List<Generated>> answers() {
    Arbitrary<Optional<String>> etags = Arbitraries.strings().withChars("W/\"'%:.-0123456789abcdefTZ").ofMinLength(1).ofMaxLength(40)
        .map(e -> "W/\"" + e.strip() + "\"").optional();
    Arbitrary<String> names = Arbitraries.of("ETag", "etag", "ETAG", "Etag");
    Arbitrary<String> lineEnds = Arbitraries.of("\r\n", "\n");
    Arbitrary<String> bodies = Arbitraries.of("", "{\"odata.etag\":\"W/x\",\"RowKey\":\"a\"}", "etag: W/\"in the body\"");
    return Combinators.combine(etags, names, lineEnds, bodies).as(Generated::new).list().ofMaxSize(100);
  }

  private static String subResponse(String... headers) {
    return "--changesetresponse_2\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n"
        + "HTTP/1.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\n"
        + String.join("", Arrays.stream(headers).map(h -> h + "\r\n").toList()) + "\r\n\r\n";
  }
}
