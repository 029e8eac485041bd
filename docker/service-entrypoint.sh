#!/bin/sh
# The service images' entry point. Each container is its own instance: without a
# TABLECAST_INSTANCE_ID of its own it takes the container's host name, unique among the replicas
# of a scaled compose service and kept across restarts of the same container. Then java replaces
# this shell, so that it receives the container's signals.
export TABLECAST_INSTANCE_ID="${TABLECAST_INSTANCE_ID:-${HOSTNAME:-$(cat /etc/hostname)}}"
exec java -XX:MaxRAMPercentage=50 -jar /opt/tablecast/tablecast.jar "$@"
