package io.tablecast.common.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenApiDocumentTest {

  private static final OpenApiDocument SERVICE = document("""
      {"openapi": "3.0.3", "info": {"title": "service"},
       "paths": {"/status": {"get": {"responses": {"404": {"$ref": "#/components/responses/NotFound"}}}}},
       "components": {"schemas": {"Problem": {"type": "object"}},
                      "responses": {"NotFound": {"description": "none"}}}}
      """);

  @Test
  void aViewSetsPathsAndComponentsJoinTheServicesAndItsInfoIsLeftOut() throws IOException {
    OpenApiDocument part = document("""
        {"openapi": "3.0.3", "info": {"title": "orders"},
         "paths": {"/orders/{id}": {"get": {"responses": {"200": {"$ref": "#/components/schemas/Order"}}}}},
         "components": {"schemas": {"Order": {"type": "object"}, "Problem": {"type": "object"}}}}
        """);

    JsonNode merged = new ObjectMapper().readTree(SERVICE.merged(part, "View set 'orders'").bytes());

    assertThat(merged.path("info").path("title").asText()).isEqualTo("service");
    assertThat(fieldNames(merged.path("paths"))).containsExactly("/status", "/orders/{id}");
    assertThat(fieldNames(merged.path("components").path("schemas"))).containsExactly("Problem", "Order");
    assertThat(fieldNames(merged.path("components").path("responses"))).containsExactly("NotFound");
  }

  @Test
  void aPathTheServiceDescribesOrAComponentItDeclaresOtherwiseIsRefusedWithBothNamed() {
    OpenApiDocument samePath = document("""
        {"paths": {"/status": {"get": {}}}}
        """);
    OpenApiDocument otherProblem = document("""
        {"paths": {}, "components": {"schemas": {"Problem": {"type": "string"}}}}
        """);

    assertThatThrownBy(() -> SERVICE.merged(samePath, "View set 'orders'"))
        .hasMessage("View set 'orders' describes /status, which the service's document already does.");
    assertThatThrownBy(() -> SERVICE.merged(otherProblem, "View set 'orders'"))
        .hasMessage("View set 'orders' declares components/schemas/Problem otherwise than the service's document.");
  }

  @Test
  void aDocumentThatIsNotAJsonObjectIsRefusedWithItsName() {
    assertThatThrownBy(() -> OpenApiDocument.parse("[]".getBytes(UTF_8), "/openapi/orders.json"))
        .hasMessage("The OpenAPI document /openapi/orders.json is not a JSON object.");
    assertThatThrownBy(() -> OpenApiDocument.parse("{".getBytes(UTF_8), "/openapi/orders.json"))
        .hasMessageStartingWith("The OpenAPI document /openapi/orders.json is not JSON");
    assertThatThrownBy(() -> OpenApiDocument.resource(OpenApiDocumentTest.class, "/openapi/none.json"))
        .hasMessageStartingWith("No class-path resource /openapi/none.json");
  }

  private static OpenApiDocument document(String json) {
    return OpenApiDocument.parse(json.getBytes(UTF_8), "test");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
