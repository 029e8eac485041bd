package io.tablecast.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.Test;

/** Jetty's own refusals become problems, without echoing Jetty's reason text. */
class ProblemErrorHandlerTest {

  @Test
  void aBadMessageBecomesAProblemOfItsStatusWithoutTheReason() throws Exception {
    HttpFields.Mutable fields = HttpFields.build();

    ByteBuffer body = new HttpService.ProblemErrorHandler().badMessageError(431, "Request Header Fields Too Large: 9001>8192", fields);

    JsonNode problem = Json.WRITER.readTree(StandardCharsets.UTF_8.decode(body).toString());
    assertThat(fields.get(HttpHeader.CONTENT_TYPE)).startsWith(Problem.MEDIA_TYPE);
    assertThat(problem.get("status").asInt()).isEqualTo(431);
    assertThat(problem.get("type").asText()).isEqualTo("urn:tablecast:problem:request-header-fields-too-large");
    assertThat(problem.toString()).doesNotContain("8192");
  }

  @Test
  void everyErrorStatusHasAProblemType() {
    assertThat(HttpService.typeOf(414)).isEqualTo(ProblemType.URI_TOO_LONG);
    assertThat(HttpService.typeOf(417).slug()).isEqualTo("bad-request");
    assertThat(HttpService.typeOf(417).status()).isEqualTo(417);
    assertThat(HttpService.typeOf(502).slug()).isEqualTo("internal-error");
  }
}
