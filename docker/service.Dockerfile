# One Tablecast deployable (MODULE = commands, projector, workers, views, or app for the CLI and
# the demo loader): its jar and target/lib/ from the Maven build (`mvn package`) on a Java 17 JRE.
# The context is the repository root; .dockerignore lets in only the built jars.
ARG JRE_IMAGE=eclipse-temurin:17-jre
FROM ${JRE_IMAGE}
ARG MODULE
WORKDIR /opt/tablecast
COPY ${MODULE}/target/lib/ lib/
COPY ${MODULE}/target/tablecast-${MODULE}.jar tablecast.jar
COPY docker/service-entrypoint.sh entrypoint.sh
ENV TABLECAST_HTTP_HOST=0.0.0.0
ENTRYPOINT ["sh", "/opt/tablecast/entrypoint.sh"]
