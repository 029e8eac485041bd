package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
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

  private static String subResponse(String... headers) {
    return "--changesetresponse_2\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n"
        + "HTTP/1.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\n"
        + String.join("", Arrays.stream(headers).map(h -> h + "\r\n").toList()) + "\r\n\r\n";
  }
}
