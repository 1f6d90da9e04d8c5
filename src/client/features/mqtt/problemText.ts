import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BrokerState } from './brokerSession';
import { QOS_LEVELS, type FieldProblem, type TopicProblem, type UrlProblem } from './topicRules';

/** Words for the problem codes of topicRules.ts and the broker's answers. */

export const TOPIC_PROBLEMS: Record<TopicProblem, MessageDescriptor> = {
  empty: msg`请输入主题`,
  tooLong: msg`主题过长（最多 65535 字节）`,
  nul: msg`主题不能包含空字符`,
  wildcard: msg`发布主题不能包含通配符 + 或 #`,
  badHash: msg`通配符 # 只能单独作为最后一级，例如 a/b/#`,
  badPlus: msg`通配符 + 必须单独占据一级，例如 a/+/c`,
  badShare: msg`共享订阅的格式为 $share/组名/主题过滤器`,
};

export const URL_PROBLEMS: Record<UrlProblem, MessageDescriptor> = {
  empty: msg`请输入代理地址`,
  badUrl: msg`请输入以 ws:// 或 wss:// 开头的地址`,
};

export const FIELD_PROBLEMS: Record<FieldProblem, MessageDescriptor> = {
  required: msg`请输入客户端 ID`,
  keepalive: msg`心跳间隔须为 0 到 65535 之间的整数`,
};

/** CONNACK return codes of MQTT 3.1.1. */
export const CONNACK_REASONS: Record<number, MessageDescriptor> = {
  1: msg`协议版本不被接受`,
  2: msg`客户端 ID 被拒绝`,
  3: msg`服务不可用`,
  4: msg`用户名或密码错误`,
  5: msg`未授权`,
};

export const STATE_LABELS: Record<BrokerState, MessageDescriptor> = {
  idle: msg`未连接`,
  connecting: msg`连接中`,
  connected: msg`已连接`,
  reconnecting: msg`重连中`,
  closed: msg`已断开`,
  error: msg`连接出错`,
};

export const STATE_COLORS: Record<BrokerState, string> = {
  idle: 'gray',
  connecting: 'blue',
  connected: 'teal',
  reconnecting: 'orange',
  closed: 'gray',
  error: 'red',
};

/** QoS is not translated: installers know it by that name in every language. */
export const QOS_OPTIONS = QOS_LEVELS.map((q) => ({ value: String(q), label: `QoS ${q}` }));
