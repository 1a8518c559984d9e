import React from 'react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type {
  IonIcon as IonIconType,
  IonLabel as IonLabelType,
  IonList as IonListType,
  IonMenu as IonMenuType,
  IonMenuToggle as IonMenuToggleType,
  IonRefresher as IonRefresherType,
  IonRefresherContent as IonRefresherContentType,
} from '@ionic/react';
import { IonIcon as IconElement, defineCustomElement as defineIcon } from '@ionic/core/components/ion-icon.js';
import { IonLabel as LabelElement, defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { IonList as ListElement, defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';
import { IonMenu as MenuElement, defineCustomElement as defineMenu } from '@ionic/core/components/ion-menu.js';
import {
  IonMenuToggle as MenuToggleElement,
  defineCustomElement as defineMenuToggle,
} from '@ionic/core/components/ion-menu-toggle.js';
import {
  IonRefresher as RefresherElement,
  defineCustomElement as defineRefresher,
} from '@ionic/core/components/ion-refresher.js';
import {
  IonRefresherContent as RefresherContentElement,
  defineCustomElement as defineRefresherContent,
} from '@ionic/core/components/ion-refresher-content.js';

/**
 * Ionic components the event home does not show, wrapped here rather than taken from @ionic/react:
 * that package is one module, so anything imported from it anywhere lands in the first load.
 * Imported from this file, they arrive with the screens that use them. Same wrapper, same types.
 * The form controls (checkbox, toggle) are in ionicControls.ts, so browsing the catalog does
 * without them.
 */
export const IonRefresher = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher',
  elementClass: RefresherElement,
  react: React,
  events: {
    onIonRefresh: 'ionRefresh',
    onIonPull: 'ionPull',
    onIonStart: 'ionStart',
    onIonPullStart: 'ionPullStart',
    onIonPullEnd: 'ionPullEnd',
  },
  defineCustomElement: defineRefresher,
}) as unknown as typeof IonRefresherType;

export const IonRefresherContent = /*@__PURE__*/ createComponent({
  tagName: 'ion-refresher-content',
  elementClass: RefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineRefresherContent,
}) as unknown as typeof IonRefresherContentType;

/**
 * @ionic/core's own ion-icon (the one its input and item already define), not @ionic/react's, which
 * brings a second copy of the component runtime from the ionicons package.
 */
export const IonIcon = /*@__PURE__*/ createComponent({
  tagName: 'ion-icon',
  elementClass: IconElement,
  react: React,
  events: {},
  defineCustomElement: defineIcon,
}) as unknown as typeof IonIconType;

export const IonList = /*@__PURE__*/ createComponent({
  tagName: 'ion-list',
  elementClass: ListElement,
  react: React,
  events: {},
  defineCustomElement: defineList,
}) as unknown as typeof IonListType;

export const IonLabel = /*@__PURE__*/ createComponent({
  tagName: 'ion-label',
  elementClass: LabelElement,
  react: React,
  events: {},
  defineCustomElement: defineLabel,
}) as unknown as typeof IonLabelType;

export const IonMenu = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu',
  elementClass: MenuElement,
  react: React,
  events: {
    onIonWillOpen: 'ionWillOpen',
    onIonWillClose: 'ionWillClose',
    onIonDidOpen: 'ionDidOpen',
    onIonDidClose: 'ionDidClose',
  },
  defineCustomElement: defineMenu,
}) as unknown as typeof IonMenuType;

export const IonMenuToggle = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu-toggle',
  elementClass: MenuToggleElement,
  react: React,
  events: {},
  defineCustomElement: defineMenuToggle,
}) as unknown as typeof IonMenuToggleType;
