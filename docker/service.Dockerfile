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
# Not root: a user of its own, with no shell and no home, owning only what a service writes (the
# SAS files an issuer writes into /run/tablecast, which a named volume takes over with their owner;
# the command processor's state under /var/lib/tablecast). Everything else is read-only to it.
RUN mkdir -p /run/tablecast /var/lib/tablecast && chown 10001:10001 /run/tablecast /var/lib/tablecast
USER 10001:10001
ENV TABLECAST_HTTP_HOST=0.0.0.0
ENTRYPOINT ["sh", "/opt/tablecast/entrypoint.sh"]
