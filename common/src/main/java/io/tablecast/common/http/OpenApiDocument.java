package io.tablecast.common.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Map;

/**
 * An OpenAPI 3 document that a service serves as {@code GET /openapi.json}: its own, read from its
 * class path, with the documents of the routes it mounts for others merged in ({@link #merged}).
 */
public final class OpenApiDocument {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final ObjectNode tree;

  private OpenApiDocument(ObjectNode tree) {
    this.tree = tree;
  }

  /**
   * The document at {@code path}, a class-path resource as {@code owner}'s class loader finds it.
   *
   * @throws IllegalStateException if there is none, or it is not a JSON object
   */
  public static OpenApiDocument resource(Class<?> owner, String path) {
    URL url = owner.getResource(path);
    if (url == null) {
      throw new IllegalStateException("No class-path resource " + path + " beside " + owner.getName() + ".");
    }
    return read(url);
  }

  /** @throws IllegalStateException if it cannot be read, or is not a JSON object */
  public static OpenApiDocument read(URL url) {
    try (InputStream in = url.openStream()) {
      return parse(in.readAllBytes(), url.toString());
    } catch (IOException e) {
      throw new IllegalStateException("Could not read the OpenAPI document " + url + ": " + e.getMessage(), e);
    }
  }

  /** @throws IllegalStateException if {@code json} is not a JSON object */
  public static OpenApiDocument parse(byte[] json, String name) {
    try {
      if (MAPPER.readTree(json) instanceof ObjectNode tree) {
        return new OpenApiDocument(tree);
      }
    } catch (IOException e) {
      throw new IllegalStateException("The OpenAPI document " + name + " is not JSON: " + e.getMessage(), e);
    }
    throw new IllegalStateException("The OpenAPI document " + name + " is not a JSON object.");
  }

  /**
   * This document with {@code part}'s {@code paths} and {@code components} added; the rest of
   * {@code part} (its {@code info}) is left out. A component both declare alike is kept once.
   *
   * @throws IllegalArgumentException if both describe one path, or declare one component differently
   */
  public OpenApiDocument merged(OpenApiDocument part, String partName) {
    ObjectNode merged = tree.deepCopy();
    for (Map.Entry<String, JsonNode> path : fields(part.tree.path("paths"))) {
      if (merged.path("paths").has(path.getKey())) {
        throw new IllegalArgumentException(partName + " describes " + path.getKey() + ", which the service's document already does.");
      }
      merged.withObjectProperty("paths").set(path.getKey(), path.getValue());
    }
    for (Map.Entry<String, JsonNode> section : fields(part.tree.path("components"))) {
      ObjectNode into = merged.withObjectProperty("components").withObjectProperty(section.getKey());
      for (Map.Entry<String, JsonNode> component : fields(section.getValue())) {
        JsonNode declared = into.get(component.getKey());
        if (declared != null && !declared.equals(component.getValue())) {
          throw new IllegalArgumentException(partName + " declares components/" + section.getKey() + "/" + component.getKey()
              + " otherwise than the service's document.");
        }
        into.set(component.getKey(), component.getValue());
      }
    }
    return new OpenApiDocument(merged);
  }

  /** The document as served: indented JSON. */
  public byte[] bytes() {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("An OpenAPI document that was read cannot be written", e);
    }
  }

  private static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode node) {
    return node::fields;
  }
}
