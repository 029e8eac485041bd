package io.tablecast.e2e;

import org.testcontainers.utility.DockerImageName;

/**
 * The images of {@code docker-compose.yml}, under the same names and the same overriding
 * variables: public images, or the stand-ins of {@code docker/offline-images.sh}, and the service
 * images that {@code docker-compose build} tags.
 */
final class Images {

  static final DockerImageName KAFKA = named("KAFKA_IMAGE", "apache/kafka:4.1.1");
  static final DockerImageName AZURITE = named("AZURITE_IMAGE", "mcr.microsoft.com/azure-storage/azurite:3.35.0");

  private Images() {}

  static DockerImageName service(String name) {
    String prefix = System.getenv().getOrDefault("TABLECAST_IMAGE_PREFIX", "tablecast");
    return DockerImageName.parse(prefix + "/" + name + ":0.1.0");
  }

  private static DockerImageName named(String variable, String image) {
    return DockerImageName.parse(System.getenv().getOrDefault(variable, image));
  }
}
